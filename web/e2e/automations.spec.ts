// Automations against the demo server (issue 37 points 5 and 8): the administrator makes a rule in the form (the
// inverter's AC power changing → a console message to himself), dry-runs it unsaved over the stored history, creates
// it, enables it in the list, and reads in its trace that it fired and what it did. The page reads in Chinese and
// English at 1440 px, and on a phone the list is cards whose switch enables and disables a rule (screenshots in
// test-results/screenshots/automations-*).
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
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

const text = textsOf(['configure-automation', 'menu', 'menu-console', 'common']);
const f = (lang: Lang, key: string, values?: Record<string, string | number>) =>
  text(lang, `configure.automation.${key}`, values);
const URL = '/iotyun/configureManage/automation';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `automations-${name}.png`), fullPage: true });
}

/** Choose the option starting with `option` in the antd select labelled `label` inside `scope`. */
async function choose(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  multiple = false,
): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const starts = new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: starts }).first().click();
  if (multiple) await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
}

async function readsIn(page: Page, lang: Lang): Promise<void> {
  const { text: shown, data } = await pageTexts(page, ['.ant-table-cell', '.ant-card-head-title'], lang);
  expect(shown).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(shown, data)).toEqual([]);
  await expectNoSidewaysScroll(page);
}

test.describe('automations', () => {
  test('a rule made in the form is dry-run, created, enabled, and its trace says it fired', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto(URL);
    await expect(page.getByRole('heading', { name: text('zh', 'menu.automation') })).toBeVisible();
    // The demo's own rules are listed.
    await expect(page.getByRole('row').filter({ hasText: '转发到数据表' })).toBeVisible();
    await readsIn(page, 'zh');
    await shoot(page, 'list-zh-1440');

    const name = `e2e 功率 ${String(Date.now()).slice(-6)}`;
    await page
      .getByRole('button', { name: exactly(f('zh', 'list.create')) })
      .first()
      .click();
    const form = page.getByRole('dialog').filter({ hasText: f('zh', 'form.createTitle') });
    await expect(form).toBeVisible();
    await form.getByLabel(f('zh', 'form.name'), { exact: true }).fill(name);
    await choose(page, form, f('zh', 'form.template'), '光伏逆变器监控');
    await choose(page, form, f('zh', 'form.triggerKind'), f('zh', 'trigger.change'));
    await choose(page, form, f('zh', 'form.source'), '交流功率');
    await choose(page, form, f('zh', 'form.users'), '管理员 (admin)', true);
    await form.getByLabel(f('zh', 'form.text'), { exact: true }).fill('{alias} 交流功率 {value} kW');
    await shoot(page, 'form-zh-1440');

    // The unsaved rule, replayed over what the demo gateways stored.
    await form.getByRole('button', { name: exactly(f('zh', 'form.dryRun')) }).click();
    const dry = page.getByRole('dialog').filter({ hasText: f('zh', 'dryRun.unsaved') });
    await expect(dry).toBeVisible();
    await dry.getByRole('button', { name: exactly(f('zh', 'dryRun.run')) }).click();
    await expect(dry.getByText(/判断 \d+ 次，会触发 \d+ 次/)).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'dry-run-zh-1440');
    await dry
      .getByRole('button', { name: /close|关闭/i })
      .first()
      .click();
    await expect(dry).toBeHidden();

    await form.getByRole('button', { name: exactly(f('zh', 'form.create')) }).click();
    await expect(page.getByText(f('zh', 'form.created', { name }))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.getByRole('switch', { name: f('zh', 'list.toggle', { name }) }).click();
    await expect(page.getByText(f('zh', 'list.enabledDone', { name }))).toBeVisible();

    // The power changes every second: the rule fires, the runner sends the message; the trace tells both.
    await row.getByRole('button', { name: exactly(f('zh', 'actionLabel.trace')) }).click();
    const trace = page.getByRole('dialog').filter({ hasText: f('zh', 'trace.title', { name }) });
    await expect(trace).toBeVisible();
    await expect(async () => {
      await trace.getByRole('button', { name: f('zh', 'refresh') }).click();
      await expect(trace.getByText(f('zh', 'outcome.done')).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(trace.getByText(f('zh', 'outcome.fired')).first()).toBeVisible();
    await shoot(page, 'trace-zh-1440');
    await page.keyboard.press('Escape');

    // Disabled again, so it stops (the demo keeps running for the other tests).
    await row.getByRole('switch', { name: f('zh', 'list.toggle', { name }) }).click();
    await expect(page.getByText(f('zh', 'list.disabledDone', { name }))).toBeVisible();

    await setLanguage(page, 'en');
    await page.goto(URL);
    await expect(page.getByRole('heading', { name: text('en', 'menu.automation') })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await readsIn(page, 'en');
    await shoot(page, 'list-en-1440');
  });

  test('on a phone the rules are cards whose switch enables and disables a rule', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.goto(URL);
    const name = '夜间设定值';
    const toggle = page.getByRole('switch', { name: f('zh', 'list.toggle', { name }) });
    await expect(toggle).toBeVisible();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText(f('zh', 'list.disabledDone', { name }))).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'phone-zh-390');
    await toggle.click();
    await expect(page.getByText(f('zh', 'list.enabledDone', { name }))).toBeVisible();
    await expect(toggle).toBeChecked();
  });
});
