// Custom pages and menus against the demo server (issue 36 point 2): the administrator adds a sidebar entry that
// opens the demo's dashboard on the configuration screen and saves; the sidebar shows it under the sidebar's title
// and a click opens the dashboard. A user who may not see it (an entry shown to one role) never gets it from the
// server. The screen reads in Chinese and English, at 1440 and 390 px (screenshots in
// test-results/screenshots/custom-menus-*).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  api,
  chineseOutsideData,
  exactly,
  expectNoSidewaysScroll,
  pageTexts,
  RAW_KEY,
  SCREENSHOT_DIR,
  setLanguage,
  signIn,
  textsOf,
  type Lang,
} from './helpers';

const text = textsOf(['system-menus', 'menu', 'common']);
const DASHBOARD = '厂区总览';

interface Config {
  version: number;
  document: { sidebar_title: string; top_bar_title: string; side: unknown[]; top: unknown[] } | null;
}
interface Menus {
  custom_page_name: string;
  custom_page_json: { side: { name: string; kind: string; dashboard_id: number | null }[] } | null;
}

/** Chooses `option` in an antd select found by its accessible name. */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.getByRole('combobox', { name }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function readsIn(page: Page, lang: Lang, data: readonly string[]): Promise<void> {
  const { text: shown, data: read } = await pageTexts(page, ['.ant-input', '.cp-entry__name'], lang);
  expect(shown).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(shown, [...read, ...data])).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/** What the framed page reports of its reach into the console that frames it. */
interface Reach {
  parentCookie: string;
  parentStorage: string;
  topLocation: string;
  ownCookie: string;
}

// The framed page: it tries to read the console's cookies, storage and address, and posts what it got to its server.
const PROBE = `<!doctype html><meta charset="utf-8"><title>probe</title><p id="probe">probe</p><script>
const tryIt = (read) => { try { return String(read()); } catch (e) { return 'blocked'; } };
tryIt(() => { document.cookie = 'probe=1'; });
const reach = {
  parentCookie: tryIt(() => window.parent.document.cookie),
  parentStorage: tryIt(() => window.parent.localStorage.length),
  topLocation: tryIt(() => window.top.location.href),
  ownCookie: tryIt(() => document.cookie),
};
fetch('/report', { method: 'POST', body: JSON.stringify(reach) });
</script>`;

/** A site of another origin on this host: serves the probe and records its reports. */
async function startProbeSite(): Promise<{ server: Server; port: number; reports: Reach[] }> {
  const reports: Reach[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/report') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        reports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reach);
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PROBE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, reports };
}

test.describe('custom pages and menus', () => {
  test('a sidebar entry made on the configuration screen opens a dashboard', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    const before = await api<Config>(page, 'GET', '/yun/customPage/config');
    const dashboards = await api<{ id: number; name: string }[]>(page, 'GET', '/yun/dashboard');
    const dashboard = dashboards.find((d) => d.name === DASHBOARD);
    if (!dashboard) throw new Error(`no dashboard ${DASHBOARD}`);
    const entry = `总览${String(Date.now()).slice(-4)}`;
    try {
      await page.goto('/iotyun/customPage');
      await expect(page.getByRole('heading', { name: text('zh', 'system.customMenus.title') })).toBeVisible();
      await page
        .locator('.cp-area')
        .filter({ hasText: text('zh', 'system.customMenus.area.side') })
        .getByRole('button', { name: exactly(text('zh', 'system.customMenus.area.addSide')) })
        .click();
      const drawer = page
        .getByRole('dialog')
        .filter({ hasText: text('zh', 'system.customMenus.entry.addTitle') });
      await expect(drawer).toBeVisible();
      await drawer.getByLabel(text('zh', 'system.customMenus.entry.name'), { exact: true }).fill(entry);
      await drawer.getByText(text('zh', 'system.customMenus.kind.dashboard'), { exact: true }).click();
      await choose(page, drawer, text('zh', 'system.customMenus.entry.dashboard'), DASHBOARD);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'custom-menus-entry-zh-1440.png') });
      await drawer.getByRole('button', { name: exactly(text('zh', 'common.action.ok')) }).click();
      await expect(drawer).toBeHidden();

      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/yun/customPage') && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: exactly(text('zh', 'common.action.save')) }).click();
      expect((await saved).ok()).toBe(true);
      await expect(page.getByText(text('zh', 'system.customMenus.saved'))).toBeVisible();

      // The sidebar gets the entry without a reload; a click opens the dashboard.
      const sidebar = page.locator('.ant-layout-sider');
      const item = sidebar.getByRole('menuitem', { name: entry });
      await expect(item).toBeVisible();
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/iotyun/dashboard/view\\?id=${String(dashboard.id)}$`));
      await expect(page.getByRole('region', { name: DASHBOARD })).toBeVisible({ timeout: 30_000 });
      await expect(sidebar.getByRole('menuitem', { name: entry })).toHaveClass(/ant-menu-item-selected/);

      // What the server hands a user: the entry, with its dashboard.
      const menus = await api<Menus>(page, 'GET', '/yun/customPage');
      expect(menus.custom_page_json?.side).toContainEqual(
        expect.objectContaining({ name: entry, kind: 'dashboard', dashboard_id: dashboard.id }),
      );

      // The titles are the tenant's data once saved (the first save took the editor's language's defaults).
      const stored = await api<Config>(page, 'GET', '/yun/customPage/config');
      const titles = stored.document ? [stored.document.sidebar_title, stored.document.top_bar_title] : [];
      for (const lang of ['zh', 'en'] as const) {
        await setLanguage(page, lang);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          await page.goto('/iotyun/customPage');
          await expect(page.getByText(entry).first()).toBeVisible();
          await readsIn(page, lang, [entry, DASHBOARD, ...titles]);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `custom-menus-${lang}-${String(width)}.png`),
            fullPage: true,
          });
        }
      }
    } finally {
      const now = await api<Config>(page, 'GET', '/yun/customPage/config');
      const document = before.document ?? {
        ...(now.document ?? { sidebar_title: '自定义', top_bar_title: '自定义' }),
        side: [],
        top: [],
      };
      await api(page, 'PUT', '/yun/customPage', { version: now.version, document });
    }
  });

  test('a framed page runs but cannot reach the console: not its cookies, storage or address', async ({
    page,
  }) => {
    const site = await startProbeSite();
    const consoleHost = new URL(test.info().project.use.baseURL ?? '').hostname;
    // Another host (localhost against the console's 127.0.0.1) keeps its own origin; another port of the console's
    // own host would share its cookies (they belong to a host) and runs as an opaque origin.
    const targets = [
      { id: 'other', url: `http://localhost:${String(site.port)}/board`, opaque: false },
      { id: 'port', url: `http://${consoleHost}:${String(site.port)}/board`, opaque: true },
    ];
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    const before = await api<Config>(page, 'GET', '/yun/customPage/config');
    try {
      const document = {
        sidebar_title: before.document?.sidebar_title ?? '自定义',
        top_bar_title: before.document?.top_bar_title ?? '自定义',
        side: targets.map((x) => ({
          id: x.id,
          name: `外部看板 ${x.id}`,
          kind: 'page',
          url: x.url,
          visibility: 'all',
          role_ids: [],
        })),
        top: [],
      };
      await api(page, 'PUT', '/yun/customPage', { version: before.version, document });
      for (const target of targets) {
        site.reports.length = 0;
        await page.goto(`/iotyun/customPage/view/${target.id}`);
        await expect(page.locator('iframe')).toHaveAttribute('src', target.url);
        await expect(page.frameLocator('iframe').locator('#probe')).toHaveText('probe');
        await expect.poll(() => site.reports.length, { timeout: 30_000 }).toBeGreaterThan(0);
        // The page ran; nothing of the console's reached it.
        const [reach] = site.reports;
        expect(reach, target.id).toMatchObject({
          parentCookie: 'blocked',
          parentStorage: 'blocked',
          topLocation: 'blocked',
        });
        // Its own cookies are its host's (Chromium keeps a framed site's cookies from it, too); an opaque origin
        // has none at all.
        if (target.opaque) expect(reach?.ownCookie, target.id).toBe('blocked');
        else expect(reach?.ownCookie, target.id).not.toContain('iotyun');
        await expect(page).toHaveURL(new RegExp(`/iotyun/customPage/view/${target.id}$`));
      }
      // The console's session is still there and its own.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'iotyun_token')?.value).toBeTruthy();
    } finally {
      site.server.close();
      const now = await api<Config>(page, 'GET', '/yun/customPage/config');
      const restored = before.document ?? {
        ...(now.document ?? { sidebar_title: '自定义', top_bar_title: '自定义' }),
        side: [],
        top: [],
      };
      await api(page, 'PUT', '/yun/customPage', { version: now.version, document: restored });
    }
  });
});
