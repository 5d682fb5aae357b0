// Shared dashboards against the demo server (issue 31 point 5): the administrator shares the demo wall screen 厂区总览
// from the dashboards page with a starting device and reads its address from the dialog that shows it once; a
// visitor who is not signed in opens it and sees the cards draw (a report chart, the device's screen, the device
// tree) through the link's own endpoints, picks another device in the tree and watches the linked screen follow;
// the administrator disables the link on /system/shareLink and the visitor's page ends with 118305 at once.
// Sector links (issue 31 point 6): the administrator shares the demo sector 生产运营 from /module/business with a
// starting device; a visitor who is not signed in opens /detail?token= and sees the sector's two dashboards rotate
// and switch with their cards drawn live through the link, until the administrator disables it.
import { expect, test, type Request } from '@playwright/test';

import { api, exactly, serverText, signIn, textsOf } from './helpers';

// Anonymous reads every page may make besides the link's own.
const ANONYMOUS = ['/api/yun/sys/info/timestamp', '/api/yun/individuation/public'];

const text = textsOf(['share', 'dashboards']);
const DASHBOARD = '厂区总览';
const MOBILE = '移动看板';
const SECTOR = '生产运营';
const FIRST_SN = 'IOT0000001';
const SECOND_SN = 'IOT0000002';
/** The seeded compressor screen's value display on 排气压力 (iotyun/demo/screens.py). */
const PRESSURE_ELEMENT = 'e2';
const NUMBER = /^-?\d+(\.\d+)?/;

interface LinkRow {
  id: number;
  note: string | null;
  link_type: number;
  dashboard: { id: number; name: string; available: boolean } | null;
  sector?: { id: number; name: string; available: boolean } | null;
  device_id: number | null;
  use_count: number;
}

test.describe('shared dashboards', () => {
  test('a dashboard link opens without login with its starting device, follows the tree, and ends when disabled', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const devices = await api<{ items: { id: number; sn_code: string; alias: string }[] }>(
      page,
      'GET',
      '/dev?q=IOT000000&page=1&page_size=50',
    );
    const first = devices.items.find((d) => d.sn_code === FIRST_SN);
    const second = devices.items.find((d) => d.sn_code === SECOND_SN);
    if (!first || !second) throw new Error('demo compressors not found');

    // Share from the dashboards page: the card's Share action opens the dialog on the dashboard.
    const note = `e2e db ${String(Date.now()).slice(-6)}`;
    await page.goto('/iotyun/dashboard');
    const card = page.getByRole('listitem', { name: DASHBOARD, exact: true });
    await card.getByRole('button', { name: text('zh', 'dashboards.list.more', { name: DASHBOARD }) }).click();
    await page.getByRole('menuitem', { name: exactly(text('zh', 'dashboards.list.action.share')) }).click();
    const dialog = page.getByRole('dialog', { name: text('zh', 'share.dashboardLink.createTitle') });
    await expect(dialog.getByTestId('share-link-dashboard')).toHaveText(DASHBOARD);
    const devicePicker = dialog.getByRole('combobox', {
      name: text('zh', 'share.dashboardLink.field.device'),
    });
    await devicePicker.click();
    await devicePicker.fill(FIRST_SN);
    await page.locator('.ant-select-item-option', { hasText: FIRST_SN }).first().click();
    await dialog.getByLabel(text('zh', 'share.link.field.note')).fill(note);
    await dialog.getByRole('button', { name: exactly(text('zh', 'share.link.create')) }).click();
    await expect(dialog).toBeHidden();
    // The address, shown once: the dashboard's page.
    const created = page.getByRole('dialog', { name: text('zh', 'share.url.createdTitle') });
    const address = await created
      .getByRole('textbox', { name: text('zh', 'share.url.address') })
      .inputValue();
    expect(address).toContain('/iotyun/share-db?token=');
    await created.getByRole('button', { name: exactly(text('zh', 'share.url.done')) }).click();
    await expect(created).toBeHidden();
    const links = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
    const link = links.items.find((l) => l.note === note);
    if (!link) throw new Error('the new dashboard link is not listed');
    expect(link.link_type).toBe(2);
    expect(link.dashboard?.name).toBe(DASHBOARD);
    expect(link.device_id).toBe(first.id);

    // A visitor without a session.
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1600, height: 900 } });
    try {
      const shared = await visitor.newPage();
      const signedIn: string[] = [];
      shared.on('request', (request: Request) => {
        const url = new URL(request.url());
        // The link's own reads, the server clock every token-less call is signed with, and the host's brand
        // (anonymous: a white-label domain brands its shared pages too).
        const open = url.pathname.startsWith('/api/yun/shared/') || ANONYMOUS.includes(url.pathname);
        if (url.pathname.startsWith('/api/') && !open) signedIn.push(url.pathname);
      });
      await shared.goto(address);
      // The starting device is the trees' first choice, kept in the address.
      await expect(shared).toHaveURL(new RegExp(`[?&]device=${String(first.id)}(&|$)`));
      const stage = shared.getByRole('region', { name: DASHBOARD });
      await expect(stage).toHaveAttribute('data-theme', 'tech');
      // A report chart draws on its canvas.
      await expect(shared.locator('[data-card-id="pressure"] canvas').first()).toBeVisible({
        timeout: 30_000,
      });
      // The device's screen, live.
      const screen = shared.locator('[data-card-id="screen"]');
      const value = screen.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`);
      await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
      // The device tree lists the devices, the starting one picked.
      const tree = shared.locator('[data-card-id="devices"]');
      const firstNode = tree.locator(`[data-device-id="${String(first.id)}"]`);
      await expect(firstNode).toBeVisible();

      // Pick the other compressor: the linked screen follows it.
      const asked = shared.waitForRequest(
        (r) =>
          r.url().includes('/api/yun/shared/module/device') &&
          r.url().includes(`device_id=${String(second.id)}`),
      );
      await tree.locator(`[data-device-id="${String(second.id)}"]`).click();
      await asked;
      await expect(shared).toHaveURL(new RegExp(`[?&]device=${String(second.id)}(&|$)`));
      await expect(value).toHaveText(NUMBER, { timeout: 30_000 });
      // Nothing was asked of a signed-in endpoint.
      expect(signedIn).toEqual([]);
      // The open counted one use.
      const after = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
      expect(after.items.find((l) => l.id === link.id)?.use_count).toBe(1);

      // Disable it on the links page, where it shows as a dashboard link.
      await page.goto('/iotyun/system/shareLink');
      const row = page.getByRole('row').filter({ hasText: note });
      await expect(row.getByText(text('zh', 'share.list.type.dashboard'), { exact: true })).toBeVisible();
      await expect(row.getByText(DASHBOARD)).toBeVisible();
      await row.getByRole('button', { name: text('zh', 'share.list.action.more') }).click();
      await page.getByRole('menuitem', { name: text('zh', 'share.list.action.revoke') }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: text('zh', 'share.list.revokeConfirm') });
      await confirm.getByRole('button', { name: exactly(text('zh', 'share.list.action.revoke')) }).click();
      await expect(page.getByText(text('zh', 'share.list.revoked'), { exact: true })).toBeVisible();

      // The visitor's page ends at once with the code; so does opening it again.
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(shared.getByText(text('zh', 'share.ended.code', { code: 118305 }))).toBeVisible();
      await expect(stage).toBeHidden();
      await shared.reload();
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible();
    } finally {
      await visitor.close();
      await api(page, 'DELETE', `/yun/components/share?id=${String(link.id)}`);
    }
  });

  test('a sector link presents the sector without login, rotating its dashboards live, and ends when disabled', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const devices = await api<{ items: { id: number; sn_code: string }[] }>(
      page,
      'GET',
      '/dev?q=IOT000000&page=1&page_size=50',
    );
    const first = devices.items.find((d) => d.sn_code === FIRST_SN);
    if (!first) throw new Error('demo compressor not found');
    const sectors = await api<
      { id: number; name: string; interval: number; dashboards: { id: number; name: string }[] }[]
    >(page, 'GET', '/yun/sector');
    const sector = sectors.find((s) => s.name === SECTOR);
    const mobile = sector?.dashboards.find((d) => d.name === MOBILE);
    if (!sector || !mobile) throw new Error('demo sector not found');
    // A short rotation, so the test sees it turn (the demo's is 30 s); put back at the end.
    await api(page, 'PUT', '/yun/sector', { id: sector.id, interval: 6 });

    const note = `e2e sector ${String(Date.now()).slice(-6)}`;
    let linkId: number | null = null;
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1600, height: 900 } });
    try {
      // Share from the sector list: the row's Share action opens the dialog on the sector.
      await page.goto('/iotyun/module/business');
      const row = page.getByRole('row').filter({ hasText: SECTOR });
      await row
        .getByRole('button', { name: text('zh', 'dashboards.sectors.more', { name: SECTOR }) })
        .click();
      await page
        .getByRole('menuitem', { name: exactly(text('zh', 'dashboards.sectors.action.share')) })
        .click();
      const dialog = page.getByRole('dialog', { name: text('zh', 'share.sectorLink.createTitle') });
      await expect(dialog.getByTestId('share-link-sector')).toHaveText(SECTOR);
      const devicePicker = dialog.getByRole('combobox', {
        name: text('zh', 'share.dashboardLink.field.device'),
      });
      await devicePicker.click();
      await devicePicker.fill(FIRST_SN);
      await page.locator('.ant-select-item-option', { hasText: FIRST_SN }).first().click();
      await dialog.getByLabel(text('zh', 'share.link.field.note')).fill(note);
      await dialog.getByRole('button', { name: exactly(text('zh', 'share.link.create')) }).click();
      await expect(dialog).toBeHidden();
      // The address, shown once: the sector's presentation.
      const created = page.getByRole('dialog', { name: text('zh', 'share.url.createdTitle') });
      const address = await created
        .getByRole('textbox', { name: text('zh', 'share.url.address') })
        .inputValue();
      expect(address).toContain('/iotyun/detail?token=');
      await created.getByRole('button', { name: exactly(text('zh', 'share.url.done')) }).click();
      await expect(created).toBeHidden();
      const links = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
      const link = links.items.find((l) => l.note === note);
      if (!link) throw new Error('the new sector link is not listed');
      linkId = link.id;
      expect(link.link_type).toBe(3);
      expect(link.sector?.name).toBe(SECTOR);
      expect(link.device_id).toBe(first.id);

      // A visitor without a session.
      const shared = await visitor.newPage();
      const signedIn: string[] = [];
      const opened: string[] = [];
      shared.on('request', (request: Request) => {
        const url = new URL(request.url());
        const open = url.pathname.startsWith('/api/yun/shared/') || ANONYMOUS.includes(url.pathname);
        if (url.pathname.startsWith('/api/') && !open) signedIn.push(url.pathname);
        if (url.pathname === '/api/yun/shared/dashboard') opened.push(url.searchParams.get('id') ?? '');
      });
      await shared.goto(address);
      await expect(shared).toHaveURL(/\/iotyun\/detail\?token=/);
      await expect(shared.getByRole('heading', { name: SECTOR })).toBeVisible();
      const stageOf = (name: string) =>
        shared.getByRole('region', { name: text('zh', 'dashboards.sectors.detail.stage', { name }) });
      await expect(stageOf(DASHBOARD)).toBeVisible();
      await expect(
        shared.getByText(text('zh', 'dashboards.sectors.detail.rotating_other', { count: 6 })),
      ).toBeVisible();
      // It turns to the phone dashboard on its own, opened through the link; paused there, its cards draw live.
      await expect(stageOf(MOBILE)).toBeVisible({ timeout: 20_000 });
      expect(opened).toContain(String(mobile.id));
      await shared.getByRole('button', { name: text('zh', 'dashboards.sectors.detail.pause') }).click();
      await expect(shared.getByText(text('zh', 'dashboards.sectors.detail.paused'))).toBeVisible();
      await expect(stageOf(MOBILE).locator('[data-card-id="pressure"] canvas').first()).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        stageOf(MOBILE).locator(`[data-card-id="screen"] [data-element-id="${PRESSURE_ELEMENT}"]`),
      ).toHaveText(NUMBER, { timeout: 30_000 });

      // Chosen in the tabs, the wall screen is back: a report's chart, the device tree, and the screen of the link's
      // starting device, live.
      await shared.getByRole('tab', { name: DASHBOARD }).click();
      const wall = stageOf(DASHBOARD);
      await expect(wall).toBeVisible();
      await expect(wall.locator('[data-card-id="pressure"] canvas').first()).toBeVisible({ timeout: 30_000 });
      await expect(
        wall.locator(`[data-card-id="devices"] [data-device-id="${String(first.id)}"]`),
      ).toBeVisible({
        timeout: 30_000,
      });
      const screen = wall.locator(`[data-card-id="screen"] [data-device-id="${String(first.id)}"]`);
      await expect(screen.locator(`[data-element-id="${PRESSURE_ELEMENT}"]`)).toHaveText(NUMBER, {
        timeout: 30_000,
      });
      // Nothing was asked of a signed-in endpoint, and the sector's open counted one use (its dashboards' none).
      expect(signedIn).toEqual([]);
      const after = await api<{ items: LinkRow[] }>(page, 'GET', '/yun/components/share?page=1&page_size=50');
      expect(after.items.find((l) => l.id === link.id)?.use_count).toBe(1);

      // Disable it on the links page, where it shows as a sector link.
      await page.goto('/iotyun/system/shareLink');
      const listed = page.getByRole('row').filter({ hasText: note });
      await expect(listed.getByText(text('zh', 'share.list.type.sector'), { exact: true })).toBeVisible();
      await expect(listed.getByText(SECTOR)).toBeVisible();
      await listed.getByRole('button', { name: text('zh', 'share.list.action.more') }).click();
      await page.getByRole('menuitem', { name: text('zh', 'share.list.action.revoke') }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: text('zh', 'share.list.revokeConfirm') });
      await confirm.getByRole('button', { name: exactly(text('zh', 'share.list.action.revoke')) }).click();
      await expect(page.getByText(text('zh', 'share.list.revoked'), { exact: true })).toBeVisible();

      // The visitor's page ends at once with the code; so does opening it again.
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(shared.getByText(text('zh', 'share.ended.code', { code: 118305 }))).toBeVisible();
      await expect(shared.getByRole('tab')).toHaveCount(0);
      await shared.reload();
      await expect(shared.getByText(serverText('zh', 118305), { exact: true })).toBeVisible();
    } finally {
      await visitor.close();
      if (linkId !== null) await api(page, 'DELETE', `/yun/components/share?id=${String(linkId)}`);
      await api(page, 'PUT', '/yun/sector', { id: sector.id, interval: sector.interval });
    }
  });
});
