// The signed-in shell: language switch, role-based routes, unknown routes, sign-out.
import { expect, test, type Page } from '@playwright/test';

import { api, exactly, signIn, signOut, t, userMenu, type Lang } from './helpers';

function sidebar(page: Page) {
  return page.locator('aside.console__sider');
}

function menuItem(page: Page, lang: Lang, key: string) {
  return sidebar(page).getByRole('menuitem', { name: exactly(t(lang, key)) });
}

async function languageCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'lang')?.value;
}

/**
 * Picks `to` in the language menu. A click on the item while the dropdown still opens was seen lost on a loaded
 * machine (the shell stayed in `from`): open the menu and click the item again until the lang cookie turns.
 */
async function switchLanguage(page: Page, from: Lang, to: Lang) {
  await expect(async () => {
    if ((await languageCookie(page)) === to) return;
    const item = page.getByRole('menuitem', { name: t(from, `common.language.${to}`) });
    if (!(await item.isVisible()))
      await page.getByRole('button', { name: t(from, 'common.language.switch') }).click();
    await item.click({ timeout: 5_000 });
    await expect.poll(() => languageCookie(page), { timeout: 3_000 }).toBe(to);
  }).toPass();
}

test.describe('language', () => {
  test('switching zh → en translates the shell, is kept in the lang cookie and survives a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();
    await expect(userMenu(page, 'zh')).toBeVisible();

    await switchLanguage(page, 'zh', 'en');
    await expect(menuItem(page, 'en', 'menu.index')).toBeVisible();
    await expect(menuItem(page, 'en', 'menu.team')).toBeVisible();
    await expect(userMenu(page, 'en')).toBeVisible();
    await expect(page.getByRole('button', { name: t('en', 'common.language.switch') })).toHaveText(
      t('en', 'common.language.en'),
    );
    await expect(page.locator('aside.console__sider')).not.toContainText(t('zh', 'menu.index'));
    expect(await languageCookie(page)).toBe('en');

    await page.reload();
    await expect(menuItem(page, 'en', 'menu.index')).toBeVisible();
    await expect(userMenu(page, 'en')).toBeVisible();
    expect(await languageCookie(page)).toBe('en');

    await switchLanguage(page, 'en', 'zh');
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();
    await expect(userMenu(page, 'zh')).toBeVisible();
    expect(await languageCookie(page)).toBe('zh');
  });
});

test.describe('route permissions', () => {
  test('a user without the team code sees no Team menu and is sent to /401 without a way back', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    const landing = page.url();
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();
    await expect(menuItem(page, 'zh', 'menu.team')).toHaveCount(0);
    await expect(sidebar(page)).not.toContainText(t('zh', 'menu.team'));

    await page.goto('/iotyun/team/user');
    await expect(page).toHaveURL(/\/iotyun\/401(\?noGoBack=true)?$/);
    await expect(page.locator('.exception-page').getByText(t('zh', 'exception.401.title'))).toBeVisible();
    // Inside the console: the menu stays, so the way on is one click away.
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();

    // The redirect replaced the team/user entry: going back returns to the page before it.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/team\/user/);
    expect(page.url()).toBe(landing);
  });

  test('an unknown path shows the 403 page, whose button goes back home', async ({ page }) => {
    await signIn(page, 'operator');
    const home = page.url();

    await page.goto('/iotyun/no/such/page');
    await expect(page).toHaveURL(/\/iotyun\/exception\/403$/);
    await expect(page.locator('.exception-page').getByText(t('zh', 'exception.403.subtitle'))).toBeVisible();
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();

    await page.getByRole('button', { name: exactly(t('zh', 'exception.action.home')) }).click();
    await expect(page).toHaveURL(home);
    await expect(menuItem(page, 'zh', 'menu.index')).toBeVisible();
  });
});

test.describe('alarm bell', () => {
  test('the bell opens the latest unconfirmed alarms, each linking to its device, and the way to all of them', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const bell = page.getByRole('button', { name: t('zh', 'layout.header.alarms') });
    // The demo's gateways raise alarms within a minute of the start.
    await expect(bell.locator('.ant-badge-count')).toBeVisible({ timeout: 30_000 });
    await bell.click();
    const panel = page.locator('.ant-popover').filter({ hasText: t('zh', 'layout.bell.title') });
    await expect(panel.locator('.alarm-bell__item').first()).toBeVisible();
    expect(await panel.locator('.alarm-bell__item').count()).toBeLessThanOrEqual(5);
    await expect(panel.locator('.alarm-bell__item .alarm-level-tag').first()).toBeVisible();
    await panel.getByRole('button', { name: /查看全部实时告警/ }).click();
    await expect(page).toHaveURL(/\/iotyun\/info\/realTimeFault/);
    await expect(panel).toBeHidden();
    // The real-time list carries the legend of the level colours.
    await expect(page.getByRole('group', { name: '告警级别颜色' })).toBeVisible();
  });
});

test.describe('tab bar', () => {
  const tabBar = (page: Page) => page.locator('.tab-bar');
  const tabs = (page: Page) => tabBar(page).getByRole('tab');

  test('keeps one tab per page whatever its query string, pins home and opens no tab for a group URL', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const templates = await api<{ items: { id: number }[] }>(page, 'GET', '/yun/module?page=1&page_size=1');
    const id = templates.items[0]?.id;
    expect(id).toBeDefined();
    const detail = `/iotyun/templateMiddleware/id=${String(id)}`;
    const detailTitle = t('zh', 'menu.templateMiddleware');

    for (const tab of ['overview', 'screens', 'dataSources', 'devices']) {
      await page.goto(`${detail}?tab=${tab}`);
      await expect(tabBar(page).getByRole('tab', { name: detailTitle, selected: true })).toBeVisible();
    }
    await expect(tabBar(page).getByRole('tab', { name: detailTitle })).toHaveCount(1);

    // A group's own URL only redirects to its first page: the page gets a tab, the group none.
    await page.goto('/iotyun/configureManage');
    await expect(page).toHaveURL(/\/configureManage\/devTemplate$/);
    await expect(tabBar(page).getByRole('tab', { name: t('zh', 'menu.devTemplate') })).toBeVisible();
    await expect(tabBar(page).getByRole('tab', { name: t('zh', 'menu.configureManage') })).toHaveCount(0);

    // Home comes first and has no close button; the others do.
    const home = tabBar(page).locator('.ant-tabs-tab').first();
    await expect(home.getByRole('tab')).toHaveText(t('zh', 'menu.index'));
    await expect(home.locator('.ant-tabs-tab-remove')).toHaveCount(0);
    const detailTab = tabBar(page).locator('.ant-tabs-tab').filter({ hasText: detailTitle });
    await expect(detailTab.locator('.ant-tabs-tab-remove')).toHaveCount(1);

    // The detail tab opens the page at the query string it was left at.
    await detailTab.click();
    await expect(page).toHaveURL(new RegExp(`${detail}\\?tab=devices$`));

    // Closing the others keeps home and the open page.
    await tabBar(page)
      .getByRole('button', { name: t('zh', 'layout.tabs.more') })
      .click();
    await page.getByRole('menuitem', { name: t('zh', 'layout.tabs.closeOthers') }).click();
    await expect(tabs(page)).toHaveCount(2);
    await expect(tabs(page).first()).toHaveText(t('zh', 'menu.index'));
  });
});

test.describe('sign-out', () => {
  test('the user menu signs out after confirmation; the console then asks for a login again', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await signOut(page);
    await expect(page.getByRole('button', { name: exactly(t('zh', 'auth.login.submit')) })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'iotyun_token')).toBeUndefined();

    await page.goto('/iotyun/index');
    await expect(page).toHaveURL(/\/iotyun\/login(\?redirect=%2Findex)?$/);
    await expect(page.getByRole('button', { name: exactly(t('zh', 'auth.login.submit')) })).toBeVisible();
  });
});

test.describe('typography', () => {
  test('the console font draws ℃ (the CJK font of Debian has an empty glyph for it)', async ({ page }) => {
    await signIn(page, 'admin');
    // Ink of "℃" drawn with the font of the console's text, counted on a canvas: an empty glyph leaves none.
    const inked = await page.evaluate(() => {
      const source = document.querySelector('.ant-layout') ?? document.body;
      const font = getComputedStyle(source).fontFamily;
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.font = `40px ${font}`;
      context.fillStyle = '#000';
      context.fillText('℃', 4, 48);
      const pixels = context.getImageData(0, 0, 64, 64).data;
      let ink = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) ink += 1;
      return ink;
    });
    expect(inked).toBeGreaterThan(50);
  });
});
