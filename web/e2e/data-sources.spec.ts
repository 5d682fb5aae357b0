// The data sources tab of a template against the demo server: add a writable float32 with a range and a fault, a
// coil bit and a string; edit one; make a group and see a group in use refused; import an xlsx with a failing row
// and read the row report; export; and screenshots of the tab and the form in both languages
// (test-results/screenshots/data-sources-*-<lang>.png).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  api,
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

const LOCALES = path.resolve(import.meta.dirname, '..', 'src', 'locales');
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'data-sources-import.xlsx');

function configureCatalogue(lang: Lang): Catalogue {
  const merged: Catalogue = {};
  for (const file of ['configure.json', 'configure-data.json']) {
    const part = (
      JSON.parse(readFileSync(path.join(LOCALES, lang, file), 'utf8')) as { configure: Catalogue }
    ).configure;
    Object.assign(merged, part);
  }
  return merged;
}

const CONFIGURE: Record<Lang, Catalogue> = { zh: configureCatalogue('zh'), en: configureCatalogue('en') };

/** A configure.* text (`dataSource.*`, `middleware.*`). */
function ct(key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh'): string {
  let node: unknown = CONFIGURE[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Catalogue)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no ${lang} text for configure.${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

const ds = (key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh') =>
  ct(`dataSource.${key}`, values, lang);

function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

async function createTemplate(page: Page, dataVersion: '1.0' | '2.0', prefix = 'E2E数据源'): Promise<number> {
  const template = await api<{ id: number }>(page, 'POST', '/yun/module', {
    name: uniqueName(prefix),
    data_version: dataVersion,
  });
  return template.id;
}

async function openTab(page: Page, id: number, lang: Lang = 'zh') {
  // The middleware page keeps its tab in ?tab= (a click on the tab may land before the page settles).
  await page.goto(`/iotyun/templateMiddleware/id=${id}?tab=dataSources`);
  await expect(
    page.getByRole('tab', {
      name: new RegExp(`^${ct('middleware.tab.dataSources', {}, lang)}`),
      selected: true,
    }),
  ).toBeVisible();
  await expect(page.locator('.ds-panel')).toBeVisible();
}

// --- form helpers -----------------------------------------------------------------------------------------------

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ hasText: title });
}

/** Opens the antd Select labelled `label` inside `scope` and clicks the option showing `option`. */
async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

function rowOf(page: Page, name: string): Locator {
  return page.locator('.ds-table .ant-table-row').filter({ hasText: name });
}

async function save(form: Locator) {
  await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
  await expect(form).toBeHidden();
}

// --- the flow ---------------------------------------------------------------------------------------------------

test.describe('template data sources', () => {
  test('add, edit, group, import and export data sources', async ({ page }) => {
    // One long walk through the tab (about a minute on a loaded machine).
    test.slow();
    await signIn(page, 'admin');
    const id = await createTemplate(page, '1.0');
    await openTab(page, id);
    await expect(page.getByText(ds('empty'))).toBeVisible();
    await expect(page.getByRole('option', { name: new RegExp(ds('group.default')) })).toBeVisible();

    // A writable float32 in the holding registers with a write range and an alarm.
    await page.getByRole('button', { name: exactly(ds('action.create')) }).click();
    let form = dialog(page, ds('createTitle'));
    await form.getByLabel(ds('field.name'), { exact: true }).fill('温度');
    await pick(page, form, ds('field.dataType'), 'float32');
    await expect(form.getByLabel(ds('field.wordOrder'), { exact: true })).toBeVisible();
    await expect(form.getByLabel(ds('field.bitIndex'), { exact: true })).toHaveCount(0);
    await expect(form.getByLabel(ds('field.stringLength'), { exact: true })).toHaveCount(0);
    await form.getByLabel(ds('field.address'), { exact: true }).fill('100');
    await expect(form.getByText('40101', { exact: false })).toBeVisible();
    await form.getByLabel(ds('field.scale'), { exact: true }).fill('0.1');
    await form.getByLabel(ds('field.unit'), { exact: true }).fill('℃');
    // A range needs both ends (client rule, as the server's 115407).
    await form.getByLabel(ds('field.minValue'), { exact: true }).fill('0');
    await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(form.getByText(ds('validation.rangeBoth'))).toBeVisible();
    await form.getByLabel(ds('field.maxValue'), { exact: true }).fill('100');
    await form.getByRole('button', { name: ds('fault.add') }).click();
    const fault = form.getByTestId('fault-0');
    await fault.getByLabel(ds('fault.threshold'), { exact: true }).fill('80');
    await fault.getByLabel(ds('fault.alarmName'), { exact: true }).fill('高温报警');
    await pick(page, fault, ds('fault.level'), ds('fault.levelN', { n: 3 }));
    await fault.getByLabel(ds('fault.info'), { exact: true }).fill('检查冷却水');
    await save(form);
    const temp = rowOf(page, '温度');
    await expect(temp).toContainText('float32');
    await expect(temp).toContainText('40101');
    await expect(temp).toContainText('#100');
    await expect(temp).toContainText('[0, 100]');
    await expect(temp).toContainText('℃');
    await expect(temp).toContainText(ds('rw.rw'));

    // A coil bit: no bit index (the coil is the bit), no scaling.
    await page.getByRole('button', { name: exactly(ds('action.create')) }).click();
    form = dialog(page, ds('createTitle'));
    await form.getByLabel(ds('field.name'), { exact: true }).fill('阀门');
    await pick(page, form, ds('field.dataType'), /^bit/);
    await expect(form.getByLabel(ds('field.bitIndex'), { exact: true })).toBeVisible();
    await pick(page, form, ds('field.area'), ds('area.coil'));
    await expect(form.getByLabel(ds('field.bitIndex'), { exact: true })).toHaveCount(0);
    await expect(form.getByLabel(ds('field.scale'), { exact: true })).toHaveCount(0);
    await form.getByLabel(ds('field.address'), { exact: true }).fill('5');
    await save(form);
    await expect(rowOf(page, '阀门')).toContainText('00006');

    // A string in the input registers: read-only, length asked, faults not offered.
    await page.getByRole('button', { name: exactly(ds('action.create')) }).click();
    form = dialog(page, ds('createTitle'));
    await form.getByLabel(ds('field.name'), { exact: true }).fill('批次号');
    await pick(page, form, ds('field.dataType'), 'string');
    await pick(page, form, ds('field.area'), ds('area.input'));
    await expect(form.getByLabel(ds('field.rw'), { exact: true })).toBeDisabled();
    await expect(form.getByText(ds('field.rwLocked'))).toBeVisible();
    await form.getByLabel(ds('field.stringLength'), { exact: true }).fill('20');
    await form.getByLabel(ds('field.address'), { exact: true }).fill('10');
    await expect(form.getByText(ds('fault.notForString'))).toBeVisible();
    await save(form);
    await expect(rowOf(page, '批次号')).toContainText('string(20)');
    await expect(rowOf(page, '批次号')).toContainText(ds('rw.r'));

    // The server's field error shows next to the field: a name already used (115404).
    await page.getByRole('button', { name: exactly(ds('action.create')) }).click();
    form = dialog(page, ds('createTitle'));
    await form.getByLabel(ds('field.name'), { exact: true }).fill('温度');
    await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.save')) }).click();
    await expect(form.locator('.ant-form-item-explain-error')).toContainText(serverText('zh', 115404));
    await form.getByRole('button', { name: exactly(shellText('zh', 'common.action.cancel')) }).click();
    await expect(form).toBeHidden();

    // Edit: record every 30 s.
    await page.getByRole('button', { name: ds('action.editNamed', { name: '温度' }) }).click();
    form = dialog(page, ds('editTitle'));
    await expect(form.getByLabel(ds('field.name'), { exact: true })).toHaveValue('温度');
    await expect(form.getByTestId('fault-0').getByLabel(ds('fault.alarmName'), { exact: true })).toHaveValue(
      '高温报警',
    );
    await pick(page, form, ds('field.history'), ds('history.interval'));
    await form.getByLabel(ds('field.interval'), { exact: true }).fill('30');
    await save(form);
    await expect(rowOf(page, '温度')).toContainText(ds('history.every', { n: 30 }));

    // A group; move the valve into it; a group in use cannot be deleted.
    await page.getByRole('button', { name: ds('group.create') }).click();
    form = dialog(page, ds('group.createTitle'));
    await form.getByLabel(ds('group.name'), { exact: true }).fill('泵组');
    await save(form);
    const group = page.getByRole('option', { name: /泵组/ });
    await expect(group).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(ds('noMatch'))).toBeVisible();
    await page.getByRole('option', { name: new RegExp(ds('group.all')) }).click();
    await page.getByRole('button', { name: ds('action.editNamed', { name: '阀门' }) }).click();
    form = dialog(page, ds('editTitle'));
    await pick(page, form, ds('field.group'), '泵组');
    await save(form);
    await group.click();
    await expect(rowOf(page, '阀门')).toBeVisible();
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(1);
    await expect(group).toContainText('1');
    await group.hover();
    await page.getByRole('button', { name: ds('group.deleteNamed', { name: '泵组' }) }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: exactly(ds('action.delete')) })
      .click();
    await expect(page.locator('.ant-message-notice').getByText(serverText('zh', 115413))).toBeVisible();
    await page.getByRole('option', { name: new RegExp(ds('group.all')) }).click();

    // Import: 进水压力 and 运行状态 created (with a new group), 温度 updated, 坏行 refused.
    await page.getByRole('button', { name: exactly(ds('action.import')) }).click();
    const importer = dialog(page, ds('import.title'));
    const template = page.waitForEvent('download');
    await importer.getByRole('button', { name: ds('import.template') }).click();
    expect((await template).suggestedFilename()).toBe(ds('import.templateFile'));
    await importer.locator('input[type=file]').setInputFiles(FIXTURE);
    await importer.getByRole('button', { name: exactly(ds('import.start')) }).click();
    const stats = importer.locator('.ds-import__stats');
    await expect(stats).toBeVisible();
    await expect(stats.locator('.ant-statistic').filter({ hasText: ds('import.total') })).toContainText('4');
    await expect(stats.locator('.ant-statistic').filter({ hasText: ds('import.created') })).toContainText(
      '2',
    );
    await expect(stats.locator('.ant-statistic').filter({ hasText: ds('import.updated') })).toContainText(
      '1',
    );
    await expect(stats.locator('.ant-statistic').filter({ hasText: ds('import.failed') })).toContainText('1');
    const failing = importer.locator('.ant-table-row');
    await expect(failing).toHaveCount(1);
    await expect(failing).toContainText('5');
    await expect(failing).toContainText(ds('field.dataType'));
    await expect(failing).toContainText(serverText('zh', 115405));
    await page.mouse.move(0, 0);
    await capture(page, 'data-sources-import', 'zh', false);
    await importer.getByRole('button', { name: exactly(ds('import.done')) }).click();
    await expect(importer).toBeHidden();
    await expect(rowOf(page, '进水压力')).toContainText('40301');
    await expect(rowOf(page, '运行状态')).toContainText('10013');
    await expect(rowOf(page, '温度')).toContainText(ds('history.every', { n: 10 }));
    await expect(page.getByRole('option', { name: /导入分组/ })).toContainText('2');
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(5);

    // Filters: by type, then by name.
    await pick(page, page.locator('.ds-toolbar'), ds('column.type'), 'float32');
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(2);
    await page.locator('.ds-toolbar .ant-select-clear').click({ force: true });
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(5);
    await page.getByPlaceholder(ds('search')).fill('压力');
    await page.getByPlaceholder(ds('search')).press('Enter');
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(1);
    await page.getByPlaceholder(ds('search')).fill('');
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(5);

    // Export, and the exported file imports again as it is (every row updates).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: exactly(ds('action.export')) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(ds('exportFile', { id }));
    const exported = path.join(test.info().outputDir, file.suggestedFilename());
    await file.saveAs(exported);
    expect(statSync(exported).size).toBeGreaterThan(1000);
    await page.getByRole('button', { name: exactly(ds('action.import')) }).click();
    await importer.locator('input[type=file]').setInputFiles(exported);
    await importer.getByRole('button', { name: exactly(ds('import.start')) }).click();
    await expect(stats.locator('.ant-statistic').filter({ hasText: ds('import.updated') })).toContainText(
      '5',
    );
    await expect(importer.getByText(ds('import.allOk'))).toBeVisible();
    await importer.getByRole('button', { name: exactly(ds('import.done')) }).click();

    // Batch delete.
    await rowOf(page, '批次号').getByRole('checkbox').check();
    await rowOf(page, '运行状态').getByRole('checkbox').check();
    await expect(page.getByText(ds('selected', { count: 2 }))).toBeVisible();
    await page.getByRole('button', { name: exactly(ds('action.batchDelete')) }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: exactly(ds('action.delete')) })
      .click();
    await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(3);
  });

  test('a 2.0 template picks the device a data source is read from', async ({ page }) => {
    await signIn(page, 'admin');
    const id = await createTemplate(page, '2.0');
    await openTab(page, id);
    await page.getByRole('button', { name: exactly(ds('action.create')) }).click();
    const form = dialog(page, ds('createTitle'));
    await form.getByLabel(ds('field.name'), { exact: true }).fill('远程温度');
    await form.getByLabel(ds('field.device'), { exact: true }).click();
    const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect(first).toBeVisible();
    const label = (await first.innerText()).trim();
    const sn = label.split(' · ')[0] ?? label;
    await first.click();
    await save(form);
    await expect(rowOf(page, '远程温度')).toContainText(sn);
    await expect(page.locator('.ds-table thead')).toContainText(ds('column.device'));
  });
});

// --- screenshots -------------------------------------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;

const DATA_SELECTORS = [
  'td',
  '.ds-form .ant-select',
  '.ds-groups__name',
  '.tpl-detail__name',
  '.tpl-detail__desc',
  '.app-breadcrumb',
  // Form values (names, alarm names) typed into inputs are data, and the page header's template name.
  'h1, h2, h3, h4',
];

async function capture(page: Page, name: string, lang: Lang, checkToasts = true) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (checkToasts) await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  const { text, data } = await pageTexts(page, DATA_SELECTORS, lang);
  expect(text, 'text that looks like an untranslated key').not.toMatch(RAW_KEY);
  if (lang === 'en') {
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

const SAMPLES: Record<Lang, { name: string; fault: string; group: string }> = {
  zh: { name: '出水温度', fault: '温度过高', group: '泵房' },
  en: { name: 'Outlet temp', fault: 'Too hot', group: 'Pump room' },
};

/** A 2.0 template with a group and data sources of several kinds, made through the API. */
async function sampleTemplate(page: Page, lang: Lang): Promise<number> {
  const id = await createTemplate(page, '2.0', lang === 'zh' ? '水厂' : 'Water plant ');
  const s = SAMPLES[lang];
  const group = await api<{ id: number }>(page, 'POST', '/yun/module/dataSource/group', {
    template_id: id,
    name: s.group,
  });
  const devices = await api<{ items: { id: number }[] }>(page, 'GET', '/dev?page=1&page_size=1');
  const base = { template_id: id, rw: 'r', history: 'off' };
  const rows = [
    {
      ...base,
      name: s.name,
      data_type: 'float32',
      area: 'holding',
      address: 100,
      rw: 'rw',
      scale: 0.1,
      unit: '℃',
      decimals: 1,
      min_value: 0,
      max_value: 120,
      history: 'interval',
      history_interval_s: 60,
      faults: [{ kind: 'compare', op: 'gt', threshold: 90, alarm_name: s.fault, level: 4, info: '' }],
      device_id: devices.items[0]?.id ?? null,
    },
    {
      ...base,
      name: 'P1',
      group_id: group.id,
      data_type: 'bit',
      area: 'coil',
      address: 0,
      rw: 'rw',
      history: 'change',
    },
    {
      ...base,
      name: 'P1_fault',
      group_id: group.id,
      data_type: 'bit',
      area: 'input',
      address: 20,
      bit_index: 3,
    },
    { ...base, name: 'Flow', data_type: 'uint32', area: 'input', address: 40, unit: 'm³/h', scale: 0.01 },
    { ...base, name: 'Batch', data_type: 'string', area: 'holding', address: 500, string_length: 16 },
    {
      ...base,
      name: 'Status',
      data_type: 'uint16',
      area: 'holding',
      address: 9999,
      faults: [
        { kind: 'bit', bit_index: 0, alarm_name: 'E-stop', level: 5, info: '' },
        { kind: 'bit', bit_index: 1, alarm_name: 'Overload', level: 3, info: '' },
      ],
    },
  ];
  for (const row of rows) await api(page, 'POST', '/yun/module/dataSource', row);
  return id;
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`data source screenshots (${lang})`, () => {
    test.use({ viewport: { width: 1366, height: 768 } });

    test(`data-sources-${lang}`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL ?? ''}/` }]);
      await signIn(page, 'admin', undefined, lang);
      const id = await sampleTemplate(page, lang);
      await openTab(page, id, lang);
      await expect(page.locator('.ds-table .ant-table-row')).toHaveCount(6);
      await expect(rowOf(page, SAMPLES[lang].name)).toContainText('℃');
      await page.waitForLoadState('networkidle');
      await capture(page, 'data-sources', lang);

      await page
        .getByRole('button', { name: ds('action.editNamed', { name: SAMPLES[lang].name }, lang) })
        .click();
      const form = dialog(page, ds('editTitle', {}, lang));
      await expect(form.getByTestId('fault-0')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await capture(page, 'data-sources-form', lang);
    });
  });
}
