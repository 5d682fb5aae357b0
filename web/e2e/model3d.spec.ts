// The 3D model element (issue 38 point 1) against the demo server: on the demo compressor's main screen in the
// designer, a model3d element from the palette takes the gallery's demo pump skid (泵组), its motor coloured by the
// state of 运行状态; the property panel's view shows the model's own colours, the preview with the demo device IOT0000001 the state
// colour of the live value, and a write of the other value turns the motor the other state's colour. The colours are
// those three.js's materials hold, which the viewer records on its canvas's box (data-mesh-colors). Nothing is saved.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, exactly, signIn, textsOf } from './helpers';

const text = textsOf([
  'designer-editor',
  'designer-runtime',
  'designer-elements',
  'designer-model3d',
  'designer-resources',
]);
const DEMO_SN = 'IOT0000001';
/** The element's default states (elements/states-edit.ts defaultStates): off below 1, on from 1. */
const OFF = '#c9cdd4';
const ON = '#00b42a';

interface Live {
  dev_state: number | null;
  template_id: number | null;
  items: { id: number; name: string; value: unknown }[];
}

/** The demo device's id and live values, once it is online with a run state. */
async function demoDevice(page: Page): Promise<{ deviceId: number; live: () => Promise<Live> }> {
  const list = await api<{ items: { id: number; sn_code: string }[] }>(
    page,
    'GET',
    `/dev?q=${DEMO_SN}&page=1&page_size=20`,
  );
  const device = list.items.find((d) => d.sn_code === DEMO_SN);
  if (!device) throw new Error(`demo device ${DEMO_SN} not found`);
  const live = () => api<Live>(page, 'GET', `/rDev?device_id=${String(device.id)}`);
  await expect
    .poll(
      async () => {
        const now = await live();
        const value = now.items.find((i) => i.name === '运行状态')?.value;
        return now.dev_state === 1 && value !== null && value !== undefined;
      },
      { message: `${DEMO_SN} online with 运行状态`, timeout: 30_000 },
    )
    .toBe(true);
  return { deviceId: device.id, live };
}

async function mainScreen(page: Page, templateId: number): Promise<number> {
  const overview = await api<{ screens: { id: number; kind: string; is_main: boolean }[] }>(
    page,
    'GET',
    `/yun/module/middleware?id=${String(templateId)}`,
  );
  const main = overview.screens.find((s) => s.kind === 'web' && s.is_main);
  if (!main) throw new Error('no main web screen');
  return main.id;
}

/** The colours the model's meshes show now, by mesh name (what three.js's materials hold). */
async function meshColours(element: Locator): Promise<Record<string, string>> {
  const raw = await element.locator('.iot-model-view__canvas').getAttribute('data-mesh-colors');
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

test('a 3D model on a screen: its motor takes the state colour of the live run state, and changes with it', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'admin');
  const { deviceId, live } = await demoDevice(page);
  const first = await live();
  const runState = first.items.find((i) => i.name === '运行状态');
  if (!runState || first.template_id === null) throw new Error('no 运行状态');
  await page.goto(`/iotyun/designConfigure/id=${String(await mainScreen(page, first.template_id))}`);
  const toolbar = page.getByRole('toolbar');
  await expect(toolbar).toBeVisible({ timeout: 30_000 });

  // A 3D model element from the palette, the demo pump skid chosen from the gallery's 3D models.
  await page.getByTestId('palette-model3d').click();
  const id = await page.evaluate(() => {
    const nodes = [...document.querySelectorAll<HTMLElement>('[data-canvas-viewport] [data-element-id]')];
    return nodes.at(-1)?.dataset.elementId ?? '';
  });
  const panel = page.getByRole('complementary', { name: text('zh', 'designer.editor.panels.properties') });
  await panel.getByRole('button', { name: text('zh', 'designer.model3d.choose') }).click();
  const picker = page.getByRole('dialog', { name: text('zh', 'designer.gallery.title') });
  await picker.getByRole('row', { name: /泵组/ }).click();
  await picker.getByRole('button', { name: exactly(text('zh', 'designer.gallery.action.choose')) }).click();
  await expect(picker).toBeHidden();

  // The motor recoloured by the state of 运行状态.
  const meshes = panel.getByLabel(text('zh', 'designer.model3d.meshes'));
  await meshes.click();
  await meshes.fill('motor');
  await meshes.press('Enter');
  await meshes.press('Escape');
  await panel.getByRole('combobox', { name: text('zh', 'designer.form.stateSource') }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '运行状态' })
    .click();

  // The property panel's camera view: the model as designed, in its own colours (the canvas names it only).
  await expect(page.locator(`[data-canvas-viewport] [data-element-id="${id}"]`)).toContainText(
    'pump_skid.gltf',
  );
  const designed = panel.locator('.iot-model3d-camera');
  await expect(designed.locator('.iot-model-view')).toHaveAttribute('data-status', 'ready', {
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await meshColours(designed)).motor, { timeout: 15_000 })
    .toMatch(/^#[0-9a-f]{6}$/);
  const own = (await meshColours(designed)).motor;
  expect([OFF, ON]).not.toContain(own);

  // Previewed with the demo device: the state colour of the value the device reports now.
  await toolbar.getByRole('button', { name: text('zh', 'designer.editor.toolbar.preview') }).click();
  const preview = page.locator('.iot-preview');
  await page.getByRole('combobox', { name: text('zh', 'designer.runtime.preview.device') }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SN }).click();
  const shown = preview.locator(`[data-element-id="${id}"]`);
  await expect(shown.locator('.iot-model-view')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const colourOf = (value: unknown) => (Number(value) >= 1 ? ON : OFF);
  await expect
    .poll(
      async () => {
        const value = (await live()).items.find((i) => i.name === '运行状态')?.value;
        return (await meshColours(shown)).motor === colourOf(value);
      },
      { message: 'the motor in the state colour of 运行状态', timeout: 30_000 },
    )
    .toBe(true);
  const before = (await meshColours(shown)).motor;

  // The other run state written to the device: the motor turns the other state's colour.
  const other = before === ON ? 0 : 1;
  await api(page, 'POST', '/yun/rDev', { device_id: deviceId, data_source_id: runState.id, value: other });
  await expect.poll(async () => (await meshColours(shown)).motor, { timeout: 30_000 }).toBe(colourOf(other));
  // The pump, not chosen, keeps its own colour.
  expect((await meshColours(shown)).pump).toBe((await meshColours(designed)).pump);

  await preview.getByRole('button', { name: exactly(text('zh', 'designer.runtime.preview.close')) }).click();
  await expect(preview).toBeHidden();
});
