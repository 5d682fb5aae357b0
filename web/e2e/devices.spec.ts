// Device registry against the demo server: register, edit, group, move, share, export; and screenshots of the
// device list and the device details in both languages (test-results/screenshots/<name>-<lang>.png).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  api,
  chineseOutsideData,
  exactly,
  RAW_KEY,
  SCREENSHOT_DIR,
  signIn,
  t as shellText,
  type Lang,
  pageTexts,
} from './helpers';

type Catalogue = Record<string, unknown>;

const DEVICE: Record<Lang, Catalogue> = {
  zh: (
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'locales', 'zh', 'device.json'), 'utf8'),
    ) as { device: Catalogue }
  ).device,
  en: (
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'locales', 'en', 'device.json'), 'utf8'),
    ) as { device: Catalogue }
  ).device,
};

/** A device.* text; helpers.t covers the shell's areas. */
function dt(key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh'): string {
  let node: unknown = DEVICE[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Catalogue)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no ${lang} text for device.${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

function uniqueSn(): string {
  return `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 19);
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ hasText: title });
}

async function searchDevice(page: Page, text: string) {
  const box = page.getByPlaceholder(dt('list.searchPlaceholder'));
  await box.fill(text);
  await box.press('Enter');
}

function rowOf(page: Page, sn: string): Locator {
  return page.getByRole('row').filter({ hasText: sn });
}

test.describe('device registry', () => {
  test('register, edit, group, move, share and export a device', async ({ page }) => {
    // Some thirty steps through six dialogs: more than a minute on a busy two-core machine.
    test.slow();
    const sn = uniqueSn();
    const alias = `E2E网关${sn.slice(-4)}`;
    const renamed = `${alias}改`;
    const groupName = `组${Date.now().toString(36).slice(-6)}`;

    await signIn(page, 'admin');
    await page.goto('/iotyun/device/devgroup');
    await expect(page.getByRole('heading', { name: shellText('zh', 'menu.devgroup') })).toBeVisible();

    // Register (the SN check runs when the field is left).
    await page
      .getByRole('button', { name: exactly(dt('action.register')) })
      .first()
      .click();
    const register = dialog(page, dt('register.title'));
    // An SN that is already ours is flagged while the field still has the focus, before the rest is filled in.
    await register.getByLabel(dt('field.sn')).fill('IOT0000001');
    await expect(register.getByText(dt('register.sn.registeredHere'))).toBeVisible();
    await expect(register.getByLabel(dt('field.sn'))).toBeFocused();
    await register.getByLabel(dt('field.sn')).fill(sn);
    await expect(register.getByText(dt('register.sn.registeredHere'))).toBeHidden();
    await register.getByLabel(dt('field.alias')).click();
    await expect(register.getByText(dt('register.sn.new'))).toBeVisible();
    await register.getByRole('button', { name: exactly(dt('register.generate')) }).click();
    await register.getByLabel(dt('field.alias')).fill(alias);
    await register.getByRole('button', { name: exactly(dt('register.submit')) }).click();
    await expect(register).toBeHidden();
    await searchDevice(page, sn);
    await expect(rowOf(page, sn)).toContainText(alias);

    // Edit alias, region (lazy cascader) and address; Enter in a field submits.
    await rowOf(page, sn)
      .getByRole('button', { name: exactly(dt('action.edit')) })
      .click();
    const edit = dialog(page, dt('edit.title', { name: alias }));
    await edit.getByLabel(dt('field.alias')).fill(renamed);
    await edit.getByLabel(dt('field.area')).click();
    for (let level = 0; level < 3; level += 1) {
      const menu = page.locator('.ant-cascader-menu').nth(level);
      await expect(menu.locator('.ant-cascader-menu-item').first()).toBeVisible();
      await menu.locator('.ant-cascader-menu-item').first().click();
    }
    // The district is a leaf and closes the menu; a click in the next field closes it otherwise. Not Escape: with
    // the menu already closed, Escape closes the dialog.
    await edit.getByLabel(dt('field.address')).click();
    await expect(page.locator('.ant-cascader-menu').first()).toBeHidden();
    await edit.getByLabel(dt('field.address')).fill('E2E 路 1 号');
    await edit.getByLabel(dt('field.address')).press('Enter');
    await expect(edit).toBeHidden();
    await expect(rowOf(page, sn)).toContainText(renamed);
    // The address column shows on wide screens only; the search finds the device by it.
    await searchDevice(page, 'E2E 路 1 号');
    await expect(rowOf(page, sn)).toBeVisible();
    await searchDevice(page, sn);

    // A new group (selected after creation), then back to all devices.
    await page.getByRole('button', { name: dt('group.create') }).click();
    const groupDialog = dialog(page, dt('group.createTitle'));
    await groupDialog.getByLabel(dt('group.field.name')).fill(groupName);
    await groupDialog.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(groupDialog).toBeHidden();
    const groups = page.getByRole('listbox', { name: dt('group.title') });
    await expect(groups.getByRole('option', { name: new RegExp(groupName) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await groups.getByRole('option', { name: new RegExp(dt('group.all')) }).click();

    // Move the device into it.
    await searchDevice(page, sn);
    await rowOf(page, sn).getByRole('checkbox').check();
    await page.getByRole('button', { name: exactly(dt('move.buttonCount', { count: 1 })) }).click();
    const move = dialog(page, dt('move.title'));
    await move.getByLabel(dt('move.target')).click();
    await page.locator('.ant-select-item-option', { hasText: groupName }).click();
    await move.getByRole('button', { name: exactly(dt('move.submit')) }).click();
    await expect(move).toBeHidden();
    await groups.getByRole('option', { name: new RegExp(groupName) }).click();
    await expect(rowOf(page, sn)).toContainText(groupName);

    // Share with the demo user "inspector".
    await rowOf(page, sn)
      .getByRole('button', { name: exactly(dt('action.share')) })
      .click();
    const share = dialog(page, dt('share.title', { name: renamed }));
    await expect(share.getByText(dt('share.remaining', { remaining: 10, max: 10 }))).toBeVisible();
    const accounts = share.getByLabel(dt('share.accounts'));
    await accounts.fill('inspector');
    await accounts.press('Enter');
    await share.getByRole('button', { name: exactly(dt('share.submit')) }).click();
    await expect(share.getByRole('listitem').filter({ hasText: 'inspector' })).toBeVisible();
    await expect(share.getByText(dt('share.remaining', { remaining: 9, max: 10 }))).toBeVisible();
    await share.getByRole('button', { name: exactly(dt('action.done')) }).click();
    await expect(share).toBeHidden();

    // Export the (filtered) list.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: exactly(dt('action.export')) }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // The details page shows what was edited and the log.
    await rowOf(page, sn).getByRole('link', { name: sn }).click();
    await expect(page).toHaveURL(/\/iotyun\/deviceDetail\/\d+$/);
    await expect(page.getByText('E2E 路 1 号')).toBeVisible();
    await page.getByRole('tab', { name: dt('detail.log') }).click();
    await expect(page.getByRole('cell', { name: dt('log.action.share') })).toBeVisible();
    await expect(page.getByRole('cell', { name: dt('log.action.register') })).toBeVisible();
  });

  test('imports a CSV all or nothing and reports each row', async ({ page }) => {
    const good = uniqueSn();
    const upload = async (csv: string) => {
      await modal.locator('input[type=file]').setInputFiles({
        name: 'devices.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await modal.getByRole('button', { name: exactly(dt('import.start')) }).click();
    };
    await signIn(page, 'admin');
    await page.goto('/iotyun/device/devgroup');
    await page.getByRole('button', { name: exactly(dt('action.import')) }).click();
    const modal = dialog(page, dt('import.title'));
    // One bad row: nothing is imported; the good row is reported valid, the bad one with the SN rule's reason.
    await upload(`SN码,密钥,别名\n${good},secret123,导入网关\nBAD-SN!,secret123,坏行\n`);
    await expect(modal.locator('.devreg-import__rolled-back')).toBeVisible();
    await expect(modal.getByRole('row').filter({ hasText: good })).toContainText(dt('import.valid'));
    await expect(modal.getByRole('row').filter({ hasText: 'BAD-SN!' })).toContainText(dt('import.fail'));
    // The corrected file imports.
    await modal.getByRole('button', { name: exactly(dt('import.again')) }).click();
    await upload(`SN码,密钥,别名\n${good},secret123,导入网关\n`);
    await expect(modal.locator('.ant-statistic-title', { hasText: dt('import.succeeded') })).toBeVisible();
    await expect(modal.getByRole('row').filter({ hasText: good })).toContainText(dt('import.ok'));
    await expect(modal.locator('.devreg-import__rolled-back')).toHaveCount(0);
    // Closed first: while it closes, its report's row of the SN stands beside the list's.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await searchDevice(page, good);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${good}(&|$)`));
    await expect(rowOf(page, good)).toContainText('导入网关');
  });
});

// --- screenshots -------------------------------------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;

/** Texts that come from the database (aliases, group names, region names), left out of the language check. */
const DATA_SELECTORS = [
  'td',
  '.ant-descriptions-item-content',
  '.devreg-groups__name',
  '.devreg-detail__name',
  '.devreg-share-summary__names',
  '.ant-card-head-title',
];

async function capture(page: Page, name: string, lang: Lang) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  const { text, data } = await pageTexts(page, DATA_SELECTORS, lang);
  expect(text, 'text that looks like an untranslated key').not.toMatch(RAW_KEY);
  if (lang === 'en') {
    expect(chineseOutsideData(text, data), 'Chinese text on the English page').toEqual([]);
  } else {
    expect(text).toMatch(HAN);
  }
  const overflow = await page.evaluate(() => {
    const doc = document.documentElement;
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth };
  });
  expect(overflow.scrollWidth, 'horizontal overflow').toBeLessThanOrEqual(overflow.clientWidth);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${lang}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`device screenshots (${lang})`, () => {
    test.use({ viewport: { width: 1366, height: 768 } });

    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
      await signIn(page, 'admin', undefined, lang);
    });

    test(`devgroup-${lang}`, async ({ page }) => {
      await page.goto('/iotyun/device/devgroup');
      await expect(page.getByRole('heading', { name: shellText(lang, 'menu.devgroup') })).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(dt('group.all', {}, lang)) })).toBeVisible();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await capture(page, 'devgroup', lang);
    });

    test(`deviceDetail-${lang}`, async ({ page }) => {
      await page.goto('/iotyun/device/devgroup');
      // A demo device of the admin's own (the seed gives some a flow card and a site); any own row otherwise.
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      const own = page.getByRole('link', { name: 'IOT0000004', exact: true });
      const link = (await own.count()) > 0 ? own : page.locator('.ant-table-row a').first();
      await link.click();
      await expect(page).toHaveURL(/\/iotyun\/deviceDetail\/\d+$/);
      await expect(page.getByText(dt('detail.basic', {}, lang))).toBeVisible();
      await page.waitForLoadState('networkidle');
      await capture(page, 'deviceDetail', lang);
      if ((await own.count()) > 0) {
        // Its log names the user it was distributed to (the seed's operator), in words: no raw keys or ids.
        await page.getByRole('tab', { name: dt('detail.log', {}, lang) }).click();
        const distributed = page
          .locator('.ant-table-row')
          .filter({ hasText: dt('log.action.distribute', {}, lang) })
          .first();
        await expect(distributed).toContainText(dt('log.detailKey.user_ids', {}, lang));
        await expect(distributed).toContainText('operator');
        await expect(distributed).not.toContainText('user_ids');
      }
    });
  });
}

test.describe('device list in the URL', () => {
  test('keeps its search, page and page size through a reload and a visit to a device', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/iotyun/device/devgroup?page_size=10');
    await searchDevice(page, 'IOT');
    await expect(page).toHaveURL(/[?&]q=IOT(&|$)/);
    // The search's rows are in (a click on the pager of the rows before would be lost as it is drawn again).
    await expect(page.locator('.devreg-list .ant-spin-spinning')).toHaveCount(0);
    await page.locator('.devreg-list .ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.locator('.devreg-list .ant-pagination-item-active')).toHaveText('2');
    // The pager turns at once; page 2's rows come with its answer (the rows of page 1 stay until then, under a
    // spinner): a busy machine was seen reading the first row of page 1 here.
    await expect(page.locator('.devreg-list .ant-spin-spinning')).toHaveCount(0);
    const firstLink = page.locator('.devreg-list .ant-table-row').first().getByRole('link');
    const sn = (await firstLink.innerText()).trim();
    expect(sn).toMatch(/^IOT/);
    const url = page.url();

    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByPlaceholder(dt('list.searchPlaceholder'))).toHaveValue('IOT');
    await expect(page.locator('.devreg-list .ant-pagination-item-active')).toHaveText('2');
    await expect(page.locator('.devreg-list .ant-table-row').first()).toContainText(sn);

    await rowOf(page, sn).getByRole('link', { name: sn }).click();
    await expect(page).toHaveURL(/\/deviceDetail\/\d+/);
    await page.goBack();
    expect(page.url()).toBe(url);
    await expect(page.locator('.devreg-list .ant-table-row').first()).toContainText(sn);
  });

  test('falls back to the defaults for values it does not take', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/iotyun/device/devgroup?page=x&page_size=7&dev_state=9&sort=secret');
    await expect(page.locator('.devreg-list .ant-table-row').first()).toBeVisible();
    await expect(page.locator('.devreg-list .ant-pagination-item-active')).toHaveText('1');
    await expect(page.locator('.devreg-list .ant-pagination-options')).toContainText('20');
  });
});

for (const lang of ['zh', 'en'] as const) {
  test.describe(`device list at 1440 px (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('shows the last report without a sideways scroll, the actions clear of their neighbours', async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
      await signIn(page, 'admin', undefined, lang);
      await page.goto('/iotyun/device/devgroup');
      const table = page.locator('.devreg-list .ant-table');
      await expect(table.locator('.ant-table-row').first()).toBeVisible();

      const header = (key: string) => table.getByRole('columnheader', { name: dt(key, {}, lang) });
      for (const key of ['field.sn', 'field.alias', 'field.state', 'field.relation', 'field.reportTime'])
        await expect(header(key)).toBeInViewport();

      // No sideways scroll: the table's content is as wide as its box.
      const scroller = table.locator('.ant-table-content, .ant-table-body').first();
      const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);

      // The fixed action column starts where the last report ends, in the header and on every row.
      const boxOf = async (locator: ReturnType<Page['locator']>) => {
        const box = await locator.boundingBox();
        if (!box) throw new Error('not laid out');
        return box;
      };
      const report = await boxOf(header('field.reportTime'));
      const actions = await boxOf(header('field.actions'));
      expect(actions.x).toBeGreaterThanOrEqual(report.x + report.width - 1);
      const tableBox = await boxOf(table);
      expect(actions.x + actions.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 1);
      const rows = table.locator('.ant-table-row');
      for (let i = 0; i < Math.min(await rows.count(), 5); i += 1) {
        const cells = rows.nth(i).locator('td');
        const count = await cells.count();
        const last = await boxOf(cells.nth(count - 1));
        const before = await boxOf(cells.nth(count - 2));
        expect(last.x).toBeGreaterThanOrEqual(before.x + before.width - 1);
      }
    });
  });
}

test.describe('VPN', () => {
  // IOT0000009 (锅炉房) is online and run by a simulated gateway, whose VPN opens with an address of its own: the
  // console sends the command on the gateway's channel and shows what the gateway acknowledged.
  test('the administrator opens and closes a gateway VPN from its details', async ({ page }) => {
    await signIn(page, 'admin');
    const list = await api<{ items: { id: number; sn_code: string }[] }>(
      page,
      'GET',
      '/dev?q=IOT0000009&page=1&page_size=20',
    );
    const device = list.items.find((d) => d.sn_code === 'IOT0000009');
    if (!device) throw new Error('demo device IOT0000009 not found');
    await page.goto(`/iotyun/deviceDetail/${String(device.id)}`);
    const card = page.locator('.ant-card').filter({ hasText: dt('field.vpnIp') });
    await card.getByRole('button', { name: dt('vpn.open') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: dt('vpn.open') })
      .click();
    await expect(card.getByText(/^10\.8\.\d+\.\d+$/)).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(dt('vpn.on'))).toBeVisible();
    await card.getByRole('button', { name: dt('vpn.close') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: dt('vpn.close') })
      .click();
    await expect(card.getByText(dt('vpn.off'))).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('button', { name: dt('vpn.open') })).toBeVisible();
  });
});
