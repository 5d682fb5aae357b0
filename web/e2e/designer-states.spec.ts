// The designer's states, bindings and write rules against the demo server (issue 15 point 10): on a fresh template
// with two data sources, a value display bound to the level, a pump symbol whose three states are picked by ranges of
// the level (each its own text and colour) and a setpoint input writing the pressure within 0–100 are drawn with the
// palette, the property panel and the states editor; every step is undone to an empty screen and redone; the screen
// is saved, reloaded and found unchanged in the editor and in the stored document. Then screenshots of the designer
// with such a screen and the property panel open, in zh and en at 1440 × 900 (test-results/screenshots/designer-*).
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, chineseOutsideData, exactly, RAW_KEY, SCREENSHOT_DIR, signIn, type Lang } from './helpers';
import { designerText, elements, freshTemplate, openDesigner, propertyPanel, tool } from './designer-helpers';

interface DataSource {
  id: number;
  name: string;
}

interface StoredState {
  min?: number | null;
  max?: number | null;
  text?: string | null;
  backgroundColor?: string | null;
}

interface StoredElement {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  bindings: Record<string, { data_source_id: number }>;
  states: { by: string; items: StoredState[] } | null;
}

interface StoredDesign {
  revision: number;
  document: { elements: StoredElement[] } & Record<string, unknown>;
}

const LEVEL = { name: '液位', unit: 'm' };
const PRESSURE = { name: '设定压力', unit: 'bar' };
/** The pump's states by the level: low below 10, normal from 10 below 50, high from 50; each its text and colour. */
const STATES = [
  { min: null, max: 10, text: '低液位', colour: '#1677ff' },
  { min: 10, max: 50, text: '正常', colour: '#00b42a' },
  { min: 50, max: null, text: '高液位', colour: '#f53f3f' },
] as const;

/** The template's two data sources, as the data source tab creates them: a level to read, a pressure to write. */
async function dataSources(
  page: Page,
  templateId: number,
): Promise<{ level: DataSource; pressure: DataSource }> {
  const base = { template_id: templateId, data_type: 'float32', area: 'holding' };
  const level = await api<DataSource>(page, 'POST', '/yun/module/dataSource', {
    ...base,
    name: LEVEL.name,
    address: 0,
    unit: LEVEL.unit,
  });
  const pressure = await api<DataSource>(page, 'POST', '/yun/module/dataSource', {
    ...base,
    name: PRESSURE.name,
    address: 10,
    rw: 'rw',
    unit: PRESSURE.unit,
    min_value: 0,
    max_value: 100,
  });
  return { level, pressure };
}

const text = (key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh') =>
  designerText(lang, `designer.${key}`, values);

/** The property panel's field row labelled `label` (its label, its control, its hint). */
const fieldRow = (scope: Locator, label: string): Locator =>
  scope
    .locator('.iot-prop-field')
    .filter({ has: scope.page().locator('label', { hasText: exactly(label) }) });

/** Picks an option of the antd select labelled `label` in `scope`. */
async function choose(scope: Locator, label: string, option: string) {
  const page = scope.page();
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: exactly(option) })
    .click();
  await expect(fieldRow(scope, label)).toContainText(option);
}

/** Types into the number or text field labelled `label` in `scope` and commits it with Enter. */
async function typeInto(scope: Locator, label: string, value: string | number) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(String(value));
  await input.press('Enter');
  await expect(input).toHaveValue(String(value));
}

/** Picks a colour in the antd colour picker labelled `label` by typing its hex. */
async function pickColour(scope: Locator, label: string, hex: string) {
  const page = scope.page();
  await fieldRow(scope, label).locator('.ant-color-picker-trigger').click();
  const popup = page.locator('.ant-color-picker:visible');
  const input = popup.locator('.ant-color-picker-hex-input input');
  await input.fill(hex.replace('#', ''));
  await input.press('Enter');
  await expect(fieldRow(scope, label).locator('.ant-color-picker-trigger')).toContainText(
    new RegExp(hex, 'i'),
  );
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
}

const statesSection = (page: Page) => propertyPanel(page).getByRole('region', { name: text('states.title') });
const stateItems = (page: Page) => statesSection(page).locator('.iot-states__item');
const stateName = (n: number, stateText: string) => `${text('states.state', { n })} · ${stateText}`;

/** Selects the element in the layer tree (the pump is drawn over part of the value display) and waits for its
 * property panel. */
async function selectInLayers(page: Page, id: string, title: string) {
  await page.getByRole('tab', { name: text('editor.panels.layers') }).click();
  await page.getByTestId(`layer-${id}`).click();
  await expect(propertyPanel(page).locator('.designer-props__title')).toHaveText(title);
}

async function save(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/yun/module/view/design') && r.request().method() === 'PUT',
  );
  await tool(page, 'save').click();
  expect(((await (await saved).json()) as { meta: { success: number } }).meta.success).toBe(1);
  await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'false');
}

test.describe('designer states, bindings and write rules', () => {
  test('draws a bound value display, a three-state pump and a setpoint, undoes to empty, redoes, saves and reloads', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin');
    const { templateId, screenId } = await freshTemplate(page);
    const { level, pressure } = await dataSources(page, templateId);
    const levelLabel = `${LEVEL.name} (${LEVEL.unit})`;
    const pressureLabel = `${PRESSURE.name} (${PRESSURE.unit})`;
    await openDesigner(page, screenId);
    await expect(tool(page, 'undo')).toBeDisabled();
    const panel = propertyPanel(page);

    // A value display bound to the level.
    await page.getByTestId('palette-value').click();
    await expect(elements(page)).toHaveCount(1);
    await choose(panel, text('form.dataSource'), levelLabel);

    // A pump whose state follows the level: a third state, and the three by ranges, each with its text and colour.
    await page.getByRole('tab', { name: text('editor.panels.symbols') }).click();
    await page.getByTestId('symbol-pump_centrifugal').click();
    await expect(elements(page)).toHaveCount(2);
    await choose(panel, text('form.stateSource'), levelLabel);
    await expect(stateItems(page)).toHaveCount(2);
    await statesSection(page)
      .getByRole('button', { name: text('states.add', { count: 2, max: 255 }) })
      .click();
    await expect(stateItems(page)).toHaveCount(3);
    for (const [index, state] of STATES.entries()) {
      const item = stateItems(page).nth(index);
      const head = item.locator('.iot-states__name');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      await expect(head).toHaveAttribute('aria-expanded', 'true');
      const min = item.getByLabel(text('states.min'), { exact: true });
      const max = item.getByLabel(text('states.max'), { exact: true });
      for (const [input, value] of [
        [min, state.min],
        [max, state.max],
      ] as const) {
        await input.fill(value === null ? '' : String(value));
        await input.press('Enter');
        await expect(input).toHaveValue(value === null ? '' : String(value));
      }
      await typeInto(item, text('states.text'), state.text);
      await expect(head).toHaveText(stateName(index + 1, state.text));
      await pickColour(item, text('states.backgroundColor'), state.colour);
    }

    // A setpoint writing the pressure, within 0–100, confirmed before it writes.
    await page.getByRole('tab', { name: text('editor.panels.palette') }).click();
    await page.getByTestId('palette-input').click();
    await expect(elements(page)).toHaveCount(3);
    await choose(panel, text('controls.field.binding'), pressureLabel);
    await typeInto(panel, text('controls.field.min'), 0);
    await typeInto(panel, text('controls.field.max'), 100);
    await panel.getByLabel(text('controls.field.confirm'), { exact: true }).click();
    await expect(panel.getByLabel(text('controls.field.confirm'), { exact: true })).toBeChecked();
    await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'true');

    // Every step undone: an empty screen, nothing left to undo, nothing to save. Then every step redone.
    let steps = 0;
    while (await tool(page, 'undo').isEnabled()) {
      await tool(page, 'undo').click();
      steps += 1;
      expect(steps, 'undo steps').toBeLessThan(60);
    }
    expect(steps).toBeGreaterThanOrEqual(10);
    await expect(elements(page)).toHaveCount(0);
    await expect(tool(page, 'undo')).toBeDisabled();
    await expect(tool(page, 'save')).toHaveAttribute('data-dirty', 'false');
    for (let i = 0; i < steps; i += 1) await tool(page, 'redo').click();
    await expect(tool(page, 'redo')).toBeDisabled();
    await expect(elements(page)).toHaveCount(3);

    await save(page);
    await page.reload();
    await expect(elements(page)).toHaveCount(3, { timeout: 30_000 });
    await expect(tool(page, 'undo')).toBeDisabled();

    // The stored document: the three types, bound to the data sources by id, the states with their ranges.
    const stored = await api<StoredDesign>(page, 'GET', `/yun/module/view/design?id=${screenId}`);
    const byType = (type: string) => {
      const found = stored.document.elements.find((e) => e.type === type);
      if (!found) throw new Error(`no ${type} stored`);
      return found;
    };
    expect(stored.document.elements.map((e) => e.type).sort()).toEqual(['input', 'symbol', 'value']);
    expect(byType('value').bindings).toEqual({ value: { data_source_id: level.id } });
    const pump = byType('symbol');
    expect(pump.settings.symbol).toBe('pump_centrifugal');
    expect(pump.bindings).toEqual({ value: { data_source_id: level.id } });
    expect(pump.states?.by).toBe('value');
    expect(
      pump.states?.items.map((s) => ({
        min: s.min ?? null,
        max: s.max ?? null,
        text: s.text,
        colour: s.backgroundColor,
      })),
    ).toEqual(STATES.map((s) => ({ min: s.min, max: s.max, text: s.text, colour: s.colour })));
    const setpoint = byType('input');
    expect(setpoint.bindings).toEqual({ value: { data_source_id: pressure.id } });
    expect(setpoint.settings).toMatchObject({ min: 0, max: 100, confirm: true });

    // The editor after the reload shows the same: each element's binding, the pump's three states, the write rules.
    await selectInLayers(page, byType('value').id, text('elements.value'));
    await expect(fieldRow(panel, text('form.dataSource'))).toContainText(levelLabel);
    await selectInLayers(page, pump.id, text('elements.symbol'));
    await expect(fieldRow(panel, text('form.stateSource'))).toContainText(levelLabel);
    await expect(stateItems(page).locator('.iot-states__name')).toHaveText(
      STATES.map((s, i) => stateName(i + 1, s.text)),
    );
    await selectInLayers(page, setpoint.id, text('elements.input'));
    await expect(fieldRow(panel, text('controls.field.binding'))).toContainText(pressureLabel);
    await expect(panel.getByLabel(text('controls.field.min'), { exact: true })).toHaveValue('0');
    await expect(panel.getByLabel(text('controls.field.max'), { exact: true })).toHaveValue('100');
    await expect(panel.getByLabel(text('controls.field.confirm'), { exact: true })).toBeChecked();
  });
});

/** A drawn screen stored through the API (the flow above draws it by hand): a title, the three elements, a label. */
async function drawnScreen(page: Page, lang: Lang): Promise<{ screenId: number; data: string[] }> {
  const { templateId, screenId } = await freshTemplate(page, lang === 'zh' ? 'E2E泵站' : 'E2E pump');
  const { level, pressure } = await dataSources(page, templateId);
  const design = await api<StoredDesign>(page, 'GET', `/yun/module/view/design?id=${screenId}`);
  const bound = (id: number) => ({ value: { data_source_id: id } });
  const title = lang === 'zh' ? '1 号泵站' : 'Pump station 1';
  const elementsOf = [
    {
      id: 'title',
      type: 'text',
      placement: { x: 120, y: 60, w: 480, h: 60, rotation: 0 },
      z: 0,
      settings: { text: title, font: 'bold 32px sans-serif', textAlign: 'left' },
    },
    {
      id: 'pump',
      type: 'symbol',
      placement: { x: 120, y: 200, w: 220, h: 220, rotation: 0 },
      z: 1,
      settings: { symbol: 'pump_centrifugal', parts: [] },
      bindings: bound(level.id),
      states: {
        by: 'value',
        items: STATES.map((s) => ({
          min: s.min,
          max: s.max,
          text: s.text,
          backgroundColor: s.colour,
          isUnderline: false,
        })),
      },
    },
    {
      id: 'level',
      type: 'value',
      placement: { x: 400, y: 280, w: 200, h: 60, rotation: 0 },
      z: 2,
      settings: { unit: 'm', decimals: 2 },
      bindings: bound(level.id),
    },
    {
      id: 'setpoint',
      type: 'input',
      placement: { x: 660, y: 270, w: 300, h: 80, rotation: 0 },
      z: 3,
      settings: {
        min: 0,
        max: 100,
        decimals: 1,
        confirm: true,
        password: 'none',
        step: 1,
        unit: 'bar',
        submit_button: true,
      },
      bindings: bound(pressure.id),
    },
  ];
  await api(page, 'PUT', '/yun/module/view/design', {
    id: screenId,
    revision: design.revision,
    document: { ...design.document, elements: elementsOf },
  });
  return {
    screenId,
    data: [title, LEVEL.name, PRESSURE.name, ...STATES.map((s) => s.text), 'E2E泵站', '主画面'],
  };
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`designer screenshots (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test(`the designer with a drawn screen and the pump's states open (${lang})`, async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
      await signIn(page, 'admin', undefined, lang);
      const { screenId, data } = await drawnScreen(page, lang);
      await openDesigner(page, screenId);
      await expect(elements(page)).toHaveCount(4);

      await page.locator('[data-element-id="pump"]').click();
      const panel = propertyPanel(page, lang);
      await expect(panel.locator('.designer-props__title')).toHaveText(text('elements.symbol', {}, lang));
      await panel.getByRole('region', { name: text('states.title', {}, lang) }).scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      const body = await page.locator('body').innerText();
      expect(body, 'text that looks like an untranslated key').not.toMatch(RAW_KEY);
      if (lang === 'en')
        expect(chineseOutsideData(body, [...data, '管理员']), 'Chinese on the English page').toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `designer-states-${lang}.png`) });

      await page.locator('[data-element-id="setpoint"]').click();
      await expect(panel.locator('.designer-props__title')).toHaveText(text('elements.input', {}, lang));
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `designer-setpoint-${lang}.png`) });
    });
  });
}
