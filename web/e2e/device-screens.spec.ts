// Screens at work against the demo server (its simulated gateways publish values every second): a device's Screens
// tab shows its template's main screen as published, and a bound value display follows the gateway; the
// configuration monitor shows the device chosen in its URL, on a desktop and on a phone; the carousel rotates a group
// of two devices; a setpoint on a screen is refused on an offline device and writes online with the control password.
import { expect, test, type Page } from '@playwright/test';

import { api, exactly, serverText, signIn, textsOf, expectNoSidewaysScroll } from './helpers';

const text = textsOf(['device', 'designer-runtime', 'designer-controls', 'telemetry']);
const dash = textsOf(['dashboard']);
const DEMO_SN = 'IOT0000001';
/** The seeded compressor screen's value display bound to 排气压力 (iotyun/demo/templates.py). */
const PRESSURE_ELEMENT = 'e2';
// The outlet temperature (e3): it moves by more than its shown 0.1 ℃ about every second, where the pressure's 0.01 MPa
// may hold for half a minute while the compressor runs steadily (iotyun/demo/plant.py).
const TEMPERATURE_ELEMENT = 'e3';
const NUMBER = /^-?\d+(\.\d+)?/;
/** The seeded compressor screen's setpoint on 设定压力 (0.4–1.0 MPa). */
const SETPOINT_ELEMENT = 'e22';

/** The demo device's id, once it is online with values. */
async function demoDevice(page: Page): Promise<number> {
  const list = await api<{ items: { id: number; sn_code: string }[] }>(
    page,
    'GET',
    `/dev?q=${DEMO_SN}&page=1&page_size=20`,
  );
  const device = list.items.find((d) => d.sn_code === DEMO_SN);
  if (!device) throw new Error(`demo device ${DEMO_SN} not found`);
  await expect
    .poll(
      async () => {
        const live = await api<{ dev_state: number | null; items: { value: unknown }[] }>(
          page,
          'GET',
          `/rDev?device_id=${device.id}`,
        );
        return live.dev_state === 1 && live.items.some((i) => typeof i.value === 'number');
      },
      { message: `${DEMO_SN} online with values`, timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return device.id;
}

test.describe('screens at work', () => {
  test("a device's Screens tab shows its main screen, whose value follows the gateway", async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const id = await demoDevice(page);
    await page.goto(`/iotyun/deviceDetail/${id}`);
    await page.getByRole('tab', { name: text('zh', 'device.detail.screens') }).click();
    await expect(page).toHaveURL(/tab=screens/);
    const value = page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`);
    await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
    // The demo gateway reports new values every second: the display follows without a reload.
    const moving = page.locator(`[data-element-id="${TEMPERATURE_ELEMENT}"]`);
    await expect(moving).toHaveText(NUMBER);
    const first = await moving.textContent();
    await expect.poll(() => moving.textContent(), { timeout: 30_000 }).not.toBe(first);
  });

  test('the screen fits by width as chosen, after a reload too, and values are fresh (not greyed)', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const id = await demoDevice(page);
    await page.goto(`/iotyun/deviceDetail/${id}?tab=screens`);
    const value = page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`);
    await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
    await expect(value).not.toHaveClass(/iot-screen-element--stale/);
    await page.getByText(text('zh', 'designer.runtime.fit.width'), { exact: true }).click();
    const screen = page.locator('.iot-screen');
    await expect(screen).toHaveClass(/iot-screen--fit-width/);
    await page.reload();
    await expect(page.locator('.iot-screen')).toHaveClass(/iot-screen--fit-width/, { timeout: 30_000 });
    await page.getByText(text('zh', 'designer.runtime.fit.contain'), { exact: true }).click();
    await expect(page.locator('.iot-screen')).toHaveClass(/iot-screen--fit-contain/);
  });

  test('the configuration monitor shows the device of its URL, on a phone too', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const id = await demoDevice(page);
    await page.goto(`/iotyun/configureMonitor?device_id=${id}`);
    await expect(page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER, {
      timeout: 30_000,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('configuration carousel', () => {
  test('rotates a group of two demo devices, each shown with its live screen', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const first = await demoDevice(page);
    const list = await api<{ items: { id: number; sn_code: string }[] }>(
      page,
      'GET',
      '/dev?q=IOT000000&page=1&page_size=20',
    );
    const second = list.items.find((d) => d.sn_code === 'IOT0000002');
    if (!second) throw new Error('demo device IOT0000002 not found');
    const name = `轮播 ${String(Date.now()).slice(-6)}`;
    const group = await api<{ id: number }>(page, 'POST', '/carousel', { name, interval: 5 });
    await api(page, 'PUT', '/carousel/dev', { id: group.id, device_ids: [first, second.id] });
    await api(page, 'PUT', '/carousel', { id: group.id, rotate: true });

    await page.goto('/iotyun/configurationCarousel');
    await page.getByText(name, { exact: true }).click();
    const place = (index: number) => dash('zh', 'dashboard.carousel.stage.position', { index, total: 2 });
    await expect(page.getByText(place(1), { exact: true })).toBeVisible();
    await expect(page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER, {
      timeout: 30_000,
    });
    // Every 5 s the next device: the second, then the first again.
    await expect(page.getByText(place(2), { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER, {
      timeout: 30_000,
    });
    await expect(page.getByText(place(1), { exact: true })).toBeVisible({ timeout: 15_000 });
    await api(page, 'DELETE', `/carousel?id=${String(group.id)}`);
  });

  test('the group dialog shows the group it is opened on: A, then B, then empty for a new group', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const stamp = String(Date.now()).slice(-6);
    const a = await api<{ id: number; name: string }>(page, 'POST', '/carousel', {
      name: `甲 ${stamp}`,
      interval: 10,
    });
    const b = await api<{ id: number; name: string }>(page, 'POST', '/carousel', {
      name: `乙 ${stamp}`,
      interval: 60,
    });
    try {
      await page.goto('/iotyun/configurationCarousel');
      const dialog = page.getByRole('dialog');
      const name = dialog.getByLabel(dash('zh', 'dashboard.carousel.field.name'));
      const interval = dialog.getByLabel(dash('zh', 'dashboard.carousel.field.interval'));
      const cancel = async () => {
        await dialog.getByRole('button', { name: /取\s*消/ }).click();
        await expect(dialog).toBeHidden();
      };
      for (const [group, seconds] of [
        [a, '10'],
        [b, '60'],
      ] as const) {
        // A group's actions show on the chosen group (chosen in the group list: the chosen group's name also heads
        // its screens).
        await page.getByTitle(group.name, { exact: true }).click();
        await page
          .getByRole('button', {
            name: dash('zh', 'dashboard.carousel.group.editNamed', { name: group.name }),
          })
          .click();
        await expect(name).toHaveValue(group.name);
        await expect(interval).toHaveValue(seconds);
        await cancel();
      }
      await page
        .getByRole('button', { name: dash('zh', 'dashboard.carousel.group.create') })
        .first()
        .click();
      await expect(dialog).toContainText(dash('zh', 'dashboard.carousel.group.createTitle'));
      await expect(name).toHaveValue('');
      await expect(interval).toHaveValue('30');
      await cancel();
    } finally {
      await api(page, 'DELETE', `/carousel?id=${String(a.id)}`);
      await api(page, 'DELETE', `/carousel?id=${String(b.id)}`);
    }
  });
});

test.describe('writes from a screen', () => {
  test('a setpoint is refused on an offline device and writes online once the control password is given', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const online = await demoDevice(page);
    const { template_id: templateId } = await api<{ template_id: number | null }>(
      page,
      'GET',
      `/yun/v2/rDev/screens?device_id=${String(online)}`,
    );
    if (templateId === null) throw new Error('the demo compressor has no published template');
    // The spare 3号空压机 (IOT0000013) is offline and has no template: bind it the compressor's for this test.
    const spares = await api<{ items: { id: number; sn_code: string }[] }>(
      page,
      'GET',
      '/dev?q=IOT0000013&page=1&page_size=20',
    );
    const spare = spares.items.find((d) => d.sn_code === 'IOT0000013');
    if (!spare) throw new Error('demo device IOT0000013 not found');
    const binding = { template_id: templateId, device_ids: [spare.id] };
    const password = 'e2e-ctl-2026';
    await api(page, 'POST', '/yun/module/bind', binding);
    try {
      await page.goto(`/iotyun/deviceDetail/${String(spare.id)}?tab=screens`);
      const offline = page.locator(`[data-element-id="${SETPOINT_ELEMENT}"]`);
      await expect(offline.getByRole('alert')).toHaveText(text('zh', 'telemetry.write.blocked.offline'), {
        timeout: 30_000,
      });
      await expect(
        offline.getByRole('button', { name: exactly(text('zh', 'designer.controls.setpoint.submit')) }),
      ).toBeDisabled();

      await api(page, 'PUT', '/dev/controls', { device_id: online, password });
      await page.goto(`/iotyun/deviceDetail/${String(online)}?tab=screens`);
      const setpoint = page.locator(`[data-element-id="${SETPOINT_ELEMENT}"]`);
      await expect(setpoint.getByTestId('setpoint-current')).toHaveText(NUMBER, { timeout: 30_000 });
      const current = Number.parseFloat((await setpoint.getByTestId('setpoint-current').textContent()) ?? '');
      const target = current > 0.7 ? 0.55 : 0.85;
      await setpoint.getByRole('spinbutton').fill(String(target));
      await setpoint
        .getByRole('button', { name: exactly(text('zh', 'designer.controls.setpoint.submit')) })
        .click();
      const dialog = page.getByRole('dialog', { name: text('zh', 'designer.runtime.write.passwordTitle') });
      await expect(dialog).toBeVisible();
      const field = dialog.getByLabel(text('zh', 'telemetry.write.password'));
      const send = dialog.getByRole('button', { name: exactly(text('zh', 'designer.runtime.write.send')) });
      await field.fill('wrong-password');
      await send.click();
      await expect(dialog.getByText(serverText('zh', 110520), { exact: true })).toBeVisible();
      await field.fill(password);
      await send.click();
      await expect(page.getByText(text('zh', 'designer.runtime.write.done'), { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      // The simulated gateway applies the write and reports the new setpoint back.
      await expect(setpoint.getByTestId('setpoint-current')).toHaveText(new RegExp(`^${target.toFixed(2)}`), {
        timeout: 30_000,
      });
    } finally {
      await api(page, 'PUT', '/dev/controls', { device_id: online, password: null });
      await api(page, 'DELETE', '/yun/module/bind', binding);
    }
  });
});
