// Device templates against the demo server: create through the form, edit, add and reorder a screen, publish
// (refused while unbound), copy and delete; and screenshots of the template list and a template's overview in
// both languages (test-results/screenshots/<name>-<lang>.png).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  exactly,
  RAW_KEY,
  SCREENSHOT_DIR,
  serverText,
  signIn,
  t as shellText,
  type Lang,
  chineseOutsideData,
  pageTexts,
  expectNoSidewaysScroll,
} from './helpers';

type Catalogue = Record<string, unknown>;

function configure(lang: Lang): Catalogue {
  const file = path.resolve(import.meta.dirname, '..', 'src', 'locales', lang, 'configure.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { configure: Catalogue }).configure;
}

const CONFIGURE: Record<Lang, Catalogue> = { zh: configure('zh'), en: configure('en') };

/** A configure.* text of configure.json; helpers.t covers the shell's areas. */
function ct(key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh'): string {
  let node: unknown = CONFIGURE[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Catalogue)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no ${lang} text for configure.${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

const LIST = '/iotyun/configureManage/devTemplate';

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ hasText: title });
}

/** A tab of the template overview (the shell's page tabs are tabs too). */
function tabOf(page: Page, name: string): Locator {
  return page.locator('.tpl-detail__tabs').getByRole('tab', { name });
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function searchTemplate(page: Page, text: string, lang: Lang = 'zh') {
  const box = page.getByPlaceholder(ct('template.searchPlaceholder', {}, lang));
  await box.fill(text);
  await box.press('Enter');
}

/** Picks `option` of an antd Select and waits until the select shows it (a click that lands while the previous
 * dropdown is still closing is tried again). */
async function pickOption(page: Page, field: Locator, option: string) {
  const select = field.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(async () => {
    await field.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .click({ timeout: 2000 });
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}`;
}

test.describe('device templates', () => {
  test('create, edit, add and reorder a screen, publish, copy and delete a template', async ({ page }) => {
    const name = uniqueName('E2E泵站');
    const renamed = `${name}改`;

    await signIn(page, 'admin');
    await page.goto(LIST);
    await expect(page.getByRole('heading', { name: shellText('zh', 'menu.devTemplate') })).toBeVisible();

    // Create: a custom web size (checked against the range first) and a mobile preset.
    await page
      .getByRole('button', { name: exactly(ct('template.action.create')) })
      .first()
      .click();
    const form = dialog(page, ct('template.form.createTitle'));
    await form.getByLabel(ct('template.field.name'), { exact: true }).fill(name);
    await form.getByLabel(ct('template.field.description'), { exact: true }).fill('E2E 描述');
    await form.getByText(ct('template.type.nonstandard'), { exact: true }).click();
    const webSize = ct('template.field.webSize');
    await pickOption(page, form.getByRole('combobox', { name: webSize }), ct('template.size.custom'));
    await form.getByLabel(`${webSize} ${ct('template.field.width')}`).fill('100');
    await form.getByLabel(`${webSize} ${ct('template.field.height')}`).fill('900');
    await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(
      form.getByText(ct('template.size.invalid', { wMin: 200, wMax: 7680, hMin: 200, hMax: 4320 })),
    ).toBeVisible();
    await form.getByLabel(`${webSize} ${ct('template.field.width')}`).fill('1600');
    await pickOption(
      page,
      form.getByRole('combobox', { name: ct('template.field.mobileSize') }),
      '720 × 1280',
    );
    await form.screenshot({ path: path.join(SCREENSHOT_DIR, 'templateForm-zh.png'), animations: 'disabled' });
    await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(form).toBeHidden();

    // The new template's overview opens.
    await expect(page).toHaveURL(/\/iotyun\/templateMiddleware\/id=\d+$/);
    await expect(page.locator('.tpl-detail__name')).toHaveText(name);
    await expect(page.getByText('1600 × 900')).toBeVisible();
    await expect(page.getByText('720 × 1280')).toBeVisible();
    await expect(page.getByText(ct('template.state.unpublished')).first()).toBeVisible();
    await expect(page.getByText(ct('middleware.action.create'))).toBeVisible();

    // Edit from the header: the form shows the saved custom size.
    await page.getByRole('button', { name: exactly(ct('template.action.edit')) }).click();
    const edit = dialog(page, ct('template.form.editTitle'));
    await expect(edit.getByLabel(`${webSize} ${ct('template.field.width')}`)).toHaveValue('1600');
    await edit.getByLabel(ct('template.field.name'), { exact: true }).fill(renamed);
    await edit.getByLabel(ct('template.field.softType'), { exact: true }).fill('S7-1200');
    await edit.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(edit).toBeHidden();
    await expect(page.locator('.tpl-detail__name')).toHaveText(renamed);
    await expect(page.getByText('S7-1200')).toBeVisible();
    await expect(page.getByText(ct('middleware.action.update'))).toBeVisible();

    // Screens: add a web screen, then move it above the main screen.
    await tabOf(page, ct('middleware.tab.screens')).click();
    await expect(page).toHaveURL(/\?tab=screens$/);
    const web = page.getByRole('list', { name: ct('screen.web') });
    await expect(web.getByRole('listitem')).toHaveCount(1);
    await page
      .locator('.tpl-screens')
      .filter({ hasText: ct('screen.web') })
      .getByRole('button', { name: exactly(ct('screen.add')) })
      .click();
    const add = dialog(page, ct('screen.addWebTitle'));
    await add.getByLabel(ct('screen.name'), { exact: true }).fill('报警总览');
    await add.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(add).toBeHidden();
    await expect(web.getByRole('listitem')).toHaveText([/主画面/, /报警总览/]);
    await expect(
      web.getByRole('button', { name: ct('screen.moveUp', { name: ct('screen.mainName') }) }),
    ).toBeDisabled();
    await web.getByRole('button', { name: ct('screen.moveUp', { name: '报警总览' }) }).click();
    await expect(web.getByRole('listitem')).toHaveText([/报警总览/, /主画面/]);
    await expect(web.getByRole('link', { name: ct('screen.design') }).first()).toHaveAttribute(
      'href',
      /\/iotyun\/designConfigure\/id=\d+$/,
    );

    // The order survives a reload (PUT /yun/module/view/order), and the history lists it.
    await page.reload();
    await expect(web.getByRole('listitem')).toHaveText([/报警总览/, /主画面/]);
    await tabOf(page, ct('middleware.tab.overview')).click();
    await expect(page.getByText(ct('middleware.action.screen_order'))).toBeVisible();

    // Publish without a bound device: the server refuses (115007) and the console shows its text.
    await page.getByRole('button', { name: exactly(ct('template.action.publish')) }).click();
    const publish = dialog(page, ct('template.publish.title', { name: renamed }));
    await expect(publish.getByText(ct('template.publish.contentNone'))).toBeVisible();
    await publish.getByRole('button', { name: exactly(ct('template.action.publish')) }).click();
    await expect(page.locator('.ant-message-notice').getByText(serverText('zh', 115007))).toBeVisible();

    // Devices tab: none bound, a link to the binding page.
    await tabOf(page, ct('middleware.tab.devices')).click();
    await expect(page.getByText(ct('middleware.devices.empty'))).toBeVisible();
    await expect(page.getByRole('link', { name: ct('middleware.devices.manage') })).toHaveAttribute(
      'href',
      /\/iotyun\/configureManage\/templateBind\?template_id=\d+$/,
    );

    // Back to the list: copy it under the default name, then delete the copy.
    await page.getByRole('button', { name: ct('middleware.back') }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await searchTemplate(page, renamed);
    await expect(page).toHaveURL(/\?q=/);
    await expect(rowOf(page, renamed)).toContainText(ct('template.type.nonstandard'));
    await rowOf(page, renamed)
      .getByRole('button', { name: ct('template.action.more', { name: renamed }) })
      .click();
    await page.getByRole('menuitem', { name: ct('template.action.copy') }).click();
    const copy = dialog(page, ct('template.copy.title', { name: renamed }));
    await copy.getByRole('button', { name: exactly(ct('template.copy.submit')) }).click();
    await expect(copy).toBeHidden();
    const copyName = `${renamed} 副本`;
    await expect(page.getByText(ct('template.copy.done', { name: copyName }))).toBeVisible();
    await expect(rowOf(page, copyName)).toBeVisible();
    // The copy has both web screens.
    await expect(rowOf(page, copyName)).toContainText(ct('template.screenCount', { web: 2, mobile: 1 }));

    await rowOf(page, copyName)
      .getByRole('button', { name: ct('template.action.more', { name: copyName }) })
      .click();
    await page.getByRole('menuitem', { name: ct('template.action.delete') }).click();
    const remove = dialog(page, ct('template.delete.title', { name: copyName }));
    await remove.getByRole('button', { name: exactly(ct('template.action.delete')) }).click();
    await expect(remove).toBeHidden();
    await expect(rowOf(page, copyName)).toHaveCount(0);
    await expect(rowOf(page, renamed)).toBeVisible();

    // A search without a match says so.
    await searchTemplate(page, `${renamed}-无此模板`);
    await expect(page.getByText(ct('template.noMatch'))).toBeVisible();
  });
});

// --- screenshots -------------------------------------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;

/** Texts that come from the database (template, screen and user names), left out of the language check. */
const DATA_SELECTORS = [
  'td',
  // A thumbnail draws the screen as its author wrote it (iotyun/demo/screens.py: Chinese on every language).
  '.iot-thumb__screen',
  '.ant-descriptions-item-content',
  '.tpl-detail__name',
  '.tpl-detail__desc',
  '.tpl-screens__name',
  '.tpl-history__subject',
  '.tpl-history__meta',
];

async function capture(page: Page, name: string, lang: Lang) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  const { text, data } = await pageTexts(page, DATA_SELECTORS, lang);
  expect(text, 'text that looks like an untranslated key').not.toMatch(RAW_KEY);
  if (lang === 'en') {
    // Longest first: a device alias inside a template name ("污水处理" in "污水处理监控") must not cut the name.
    expect(chineseOutsideData(text, data), 'Chinese text on the English page').toEqual([]);
  } else {
    expect(text).toMatch(HAN);
  }
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${lang}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

const SAMPLE = 'Pump station PLC';

/** A template with a description, a custom size and a second screen (created once through the form). */
async function ensureSample(page: Page, lang: Lang) {
  await page.goto(`${LIST}?q=${encodeURIComponent(SAMPLE)}`);
  await expect(page.getByRole('heading', { name: shellText(lang, 'menu.devTemplate') })).toBeVisible();
  // The search has answered once the row or the "no match" text shows.
  await expect(
    rowOf(page, SAMPLE).or(page.getByText(ct('template.noMatch', {}, lang), { exact: true })),
  ).toBeVisible();
  if ((await rowOf(page, SAMPLE).count()) > 0) return;
  await page
    .getByRole('button', { name: exactly(ct('template.action.create', {}, lang)) })
    .first()
    .click();
  const form = dialog(page, ct('template.form.createTitle', {}, lang));
  await form.getByLabel(ct('template.field.name', {}, lang), { exact: true }).fill(SAMPLE);
  await form
    .getByLabel(ct('template.field.description', {}, lang), { exact: true })
    .fill('Booster pumps, tank levels and valve states of the north station');
  await form.getByLabel(ct('template.field.softType', {}, lang), { exact: true }).fill('S7-1200');
  await form.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
  await expect(page).toHaveURL(/\/iotyun\/templateMiddleware\/id=\d+$/);
  await tabOf(page, ct('middleware.tab.screens', {}, lang)).click();
  await page
    .locator('.tpl-screens')
    .filter({ hasText: ct('screen.web', {}, lang) })
    .getByRole('button', { name: exactly(ct('screen.add', {}, lang)) })
    .click();
  const add = dialog(page, ct('screen.addWebTitle', {}, lang));
  await add.getByLabel(ct('screen.name', {}, lang), { exact: true }).fill('Alarms');
  await add.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
  await expect(add).toBeHidden();
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`template screenshots (${lang})`, () => {
    test.use({ viewport: { width: 1366, height: 768 } });

    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
      await signIn(page, 'admin', undefined, lang);
      await ensureSample(page, lang);
    });

    test(`devTemplate-${lang}`, async ({ page }) => {
      await page.goto(LIST);
      await expect(rowOf(page, SAMPLE)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await capture(page, 'devTemplate', lang);
    });

    test(`templateMiddleware-${lang}`, async ({ page }) => {
      await page.goto(LIST);
      await rowOf(page, SAMPLE).getByRole('link', { name: SAMPLE }).click();
      await expect(page).toHaveURL(/\/iotyun\/templateMiddleware\/id=\d+$/);
      await expect(page.getByText(ct('middleware.history', {}, lang))).toBeVisible();
      await page.waitForLoadState('networkidle');
      await capture(page, 'templateMiddleware', lang);

      await tabOf(page, ct('middleware.tab.screens', {}, lang)).click();
      await expect(
        page.getByRole('list', { name: ct('screen.web', {}, lang) }).getByRole('listitem'),
      ).toHaveCount(2);
      await capture(page, 'templateScreens', lang);
    });

    test(`templatePublished-${lang}`, async ({ page }) => {
      // The demo seeds published templates with bound devices and data sources: the list shows them once loaded.
      await page.goto(`${LIST}?published=true`);
      const link = page.locator('.tpl-name__link').first();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(/\/iotyun\/templateMiddleware\/id=\d+$/);
      await expect(page.getByText(ct('middleware.publishedBy', {}, lang))).toBeVisible();
      // Editing a published template asks first; cancelling opens no form.
      await page.getByRole('button', { name: exactly(ct('template.action.edit', {}, lang)) }).click();
      const ask = page
        .getByRole('dialog')
        .filter({ hasText: ct('template.editPublished.content', {}, lang) });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: exactly(shellText(lang, 'common.action.cancel')) }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await capture(page, 'templatePublished', lang);
      await tabOf(page, ct('middleware.tab.devices', {}, lang)).click();
      await expect(page.locator('.tpl-detail__tabs .ant-tabs-content-active')).toContainText(
        ct('middleware.devices.title', {}, lang),
      );
      await capture(page, 'templateDevices', lang);
    });
  });
}
