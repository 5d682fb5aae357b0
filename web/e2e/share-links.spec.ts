// Share links against the demo server: the administrator shares the device shown on the configuration monitor,
// read-only, and reads its address from the dialog that shows it once (the server keeps only its hash); a visitor
// who is not signed in opens the link and watches its screen follow the gateway, with the controls off; the
// administrator revokes it on /system/shareLink and the visitor's page ends with 118305 at once.
import { expect, test } from '@playwright/test';

import { api, exactly, serverText, signIn, textsOf } from './helpers';

const text = textsOf(['share', 'designer-controls']);
const DEMO_SN = 'IOT0000001';
/** The seeded compressor screen's value display on 排气压力 and its setpoint (iotyun/demo/screens.py). */
const PRESSURE_ELEMENT = 'e2';
// The outlet temperature: it moves by more than its shown 0.1 ℃ about every second, where the pressure's shown
// 0.01 MPa may hold for half a minute (iotyun/demo/plant.py).
const TEMPERATURE_ELEMENT = 'e3';
const SETPOINT_ELEMENT = 'e22';
const NUMBER = /^-?\d+(\.\d+)?/;

interface LinkRow {
  id: number;
  /** Null in the list: the address is shown only when it is made. */
  token: string | null;
  note: string | null;
  use_count: number;
}

test.describe('share links', () => {
  test('a read-only link opens without login, follows the gateway, and ends the moment it is revoked', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const list = await api<{ items: { id: number; sn_code: string }[] }>(
      page,
      'GET',
      `/dev?q=${DEMO_SN}&page=1&page_size=20`,
    );
    const device = list.items.find((d) => d.sn_code === DEMO_SN);
    if (!device) throw new Error(`demo device ${DEMO_SN} not found`);

    // Share from the configuration monitor: the dialog starts with the device shown.
    const note = `e2e ${String(Date.now()).slice(-6)}`;
    await page.goto(`/iotyun/configureMonitor?device_id=${String(device.id)}`);
    await page.getByRole('button', { name: exactly(text('zh', 'share.link.share')) }).click();
    const dialog = page.getByRole('dialog', { name: text('zh', 'share.link.createTitle') });
    await dialog.getByRole('radio', { name: text('zh', 'share.permission.1') }).check();
    await dialog.getByLabel(text('zh', 'share.link.field.note')).fill(note);
    await dialog.getByRole('button', { name: exactly(text('zh', 'share.link.create')) }).click();
    await expect(dialog).toBeHidden();
    // The address, shown once.
    const created = page.getByRole('dialog', { name: text('zh', 'share.url.createdTitle') });
    const address = await created
      .getByRole('textbox', { name: text('zh', 'share.url.address') })
      .inputValue();
    expect(address).toContain('/iotyun/share-cfg?token=');
    await created.getByRole('button', { name: exactly(text('zh', 'share.url.done')) }).click();
    await expect(created).toBeHidden();
    const links = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
    const link = links.items.find((l) => l.note === note);
    if (!link) throw new Error('the new share link is not listed');
    expect(link.token).toBeNull();

    // A visitor without a session.
    const visitor = await browser.newContext({ baseURL });
    try {
      const shared = await visitor.newPage();
      await shared.goto(address);
      const value = shared.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`);
      await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
      const moving = shared.locator(`[data-element-id="${TEMPERATURE_ELEMENT}"]`);
      await expect(moving).toHaveText(NUMBER);
      const first = await moving.textContent();
      await expect.poll(() => moving.textContent(), { timeout: 30_000 }).not.toBe(first);
      // Read-only: the setpoint does not write.
      const submit = shared
        .locator(`[data-element-id="${SETPOINT_ELEMENT}"]`)
        .getByRole('button', { name: exactly(text('zh', 'designer.controls.setpoint.submit')) });
      await expect(submit).toBeDisabled();
      // The open counted one use.
      const after = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
      expect(after.items.find((l) => l.id === link.id)?.use_count).toBe(1);

      // Revoke it on the links page.
      await page.goto('/iotyun/system/shareLink');
      const row = page.getByRole('row').filter({ hasText: note });
      await row.getByRole('button', { name: text('zh', 'share.list.action.more') }).click();
      await page.getByRole('menuitem', { name: text('zh', 'share.list.action.revoke') }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: text('zh', 'share.list.revokeConfirm') });
      await confirm.getByRole('button', { name: exactly(text('zh', 'share.list.action.revoke')) }).click();
      await expect(page.getByText(text('zh', 'share.list.revoked'), { exact: true })).toBeVisible();

      // The visitor's page ends at once with the code, not a blank screen; so does opening it again.
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(shared.getByText(text('zh', 'share.ended.code', { code: 118305 }))).toBeVisible();
      await shared.reload();
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible();
    } finally {
      await visitor.close();
      await api(page, 'DELETE', `/yun/components/share?id=${String(link.id)}`);
    }
  });
});
