// Software update against the demo server (issue 34 points 2 and 3): the administrator uploads a device-end version
// for the demo's GW100 gateways, starts an upgrade of the gateway IOT0000011 "污水处理" (GW100 on 2.0.5, online, run
// by a simulated agent that downloads the package through its link, checks its SHA-256, reports each step and takes
// 2 s to install) and follows it live in the rollout's details until the device is updated; the history and the
// inbox's message about the finished rollout lead back to it. The page reads in Chinese and English, in waves too,
// and fits a phone. Each test uploads the next 9.x.0 for GW100, so its version is new whatever ran before it.
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
  uploadGatewayVersion,
  type Lang,
} from './helpers';

const text = textsOf(['software', 'menu', 'info', 'messages', 'common']);
const MODEL = 'GW100';
const SEWAGE = 'IOT0000011';
const COLD_ROOM = 'IOT0000007';
/** The simulated gateway downloads, checks and installs in seconds; the brief allows a minute. */
const LIVE_TIMEOUT = 60_000;

/** The next 9.x.0 above every GW100 version of the library. */
async function nextVersion(page: Page): Promise<string> {
  const library = await api<{ items: { version: string }[] }>(
    page,
    'GET',
    `/software/version?type=1&model=${MODEL}&page_size=200`,
  );
  const minors = library.items
    .map((v) => /^9\.(\d+)\.0$/.exec(v.version)?.[1])
    .filter((m): m is string => m !== undefined)
    .map(Number);
  return `9.${String(Math.max(0, ...minors) + 1)}.0`;
}

async function openUpgrades(page: Page, lang: Lang): Promise<void> {
  await page.goto('/iotyun/software/upgrade');
  await expect(page.getByRole('heading', { name: text(lang, 'menu.softwareUpgrade') })).toBeVisible();
}

/** Opens "New upgrade" and chooses `version` (`shot`: a screenshot of that step); the dialog, on its devices step. */
async function startWizard(page: Page, lang: Lang, version: string, shot?: string): Promise<Locator> {
  await page.getByRole('button', { name: exactly(text(lang, 'software.upgrade.start')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: text(lang, 'software.upgrade.wizard.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: text(lang, 'software.upgrade.wizard.version') }).click();
  await page.getByTitle(version, { exact: true }).click();
  await expect(dialog).toContainText(lang === 'zh' ? '提高轮询效率' : 'Faster polling');
  if (shot) await page.screenshot({ path: path.join(SCREENSHOT_DIR, shot) });
  await next(dialog, lang);
  await expect(dialog.getByText(/^IOT\d{7}$/).first()).toBeVisible();
  return dialog;
}

async function next(dialog: Locator, lang: Lang): Promise<void> {
  await dialog.getByRole('button', { name: exactly(text(lang, 'software.upgrade.wizard.next')) }).click();
}

/** Finds `sn` with the devices' search and ticks it. */
async function chooseDevice(dialog: Locator, lang: Lang, sn: string): Promise<void> {
  const search = dialog.getByPlaceholder(text(lang, 'software.upgrade.wizard.keyword'));
  await search.fill(sn);
  await search.press('Enter');
  const row = dialog.locator('.ant-table-row').filter({ hasText: sn });
  await expect(dialog.locator('.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText(text(lang, 'software.upgrade.updatable'));
  await row.getByRole('checkbox').check();
}

/** The open tab's content (the other tab's may still be leaving, hidden). */
function openTab(page: Page): Locator {
  return page.getByRole('tabpanel');
}

function detailsOf(page: Page): Locator {
  return page.locator('.upgrade-drawer');
}

async function waitUpdated(drawer: Locator, lang: Lang, sns: string[]): Promise<void> {
  for (const sn of sns)
    await expect(drawer.locator('.ant-table-row, .data-card').filter({ hasText: sn })).toContainText(
      text(lang, 'software.upgrade.deviceState.5'),
      { timeout: LIVE_TIMEOUT },
    );
  await expect(drawer.locator('.upgrade-drawer__head')).toContainText(
    text(lang, 'software.upgrade.state.4'),
    {
      timeout: LIVE_TIMEOUT,
    },
  );
}

test('an upgrade of one gateway runs live to "updated", and the history and inbox lead back to it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const lang: Lang = 'zh';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const version = await nextVersion(page);
  await uploadGatewayVersion(page, version, [MODEL], 1);
  await openUpgrades(page, lang);

  const dialog = await startWizard(page, lang, version);
  // The first page: a gateway of another model cannot be chosen and says why.
  const otherModel = dialog.locator('.ant-table-row').filter({ hasText: 'IOT0000003' });
  await expect(otherModel).toContainText(text(lang, 'software.upgrade.refusal.116009'));
  await expect(otherModel.getByRole('checkbox')).toBeDisabled();
  await chooseDevice(dialog, lang, SEWAGE);
  await expect(dialog).toContainText(text(lang, 'software.upgrade.wizard.selected', { count: 1 }));
  await next(dialog, lang);
  await expect(
    dialog.getByRole('switch', { name: text(lang, 'software.upgrade.wizard.phased') }),
  ).not.toBeChecked();
  await next(dialog, lang);
  await expect(dialog).toContainText(text(lang, 'software.upgrade.wizard.forcedWarning'));
  await expect(dialog).toContainText(text(lang, 'software.upgrade.wizard.planOne_other', { count: 1 }));
  await dialog.getByRole('button', { name: exactly(text(lang, 'software.upgrade.wizard.submit')) }).click();
  await expect(dialog).toBeHidden();

  // The rollout's details open and follow it live until the gateway runs the new version.
  await expect(page).toHaveURL(/\/software\/upgrade\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const drawer = detailsOf(page);
  await expect(drawer).toContainText(text(lang, 'software.upgrade.drawer.title', { id }));
  await expect(drawer).toContainText(text(lang, 'software.upgrade.drawer.live', { seconds: 2 }));
  const row = drawer.locator('.ant-table-row').filter({ hasText: SEWAGE });
  await expect(row).toContainText('2.0.5');
  await expect(row).toContainText(version);
  await waitUpdated(drawer, lang, [SEWAGE]);
  await expect(drawer).not.toContainText(text(lang, 'software.upgrade.drawer.live', { seconds: 2 }));
  await expect(drawer.locator('[data-stat="updated"]')).toContainText('1');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'upgrade-drawer-done-zh.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/software\/upgrade$/);

  const rollout = openTab(page).locator('.ant-table-row').filter({ hasText: version });
  await expect(rollout).toContainText(text(lang, 'software.upgrade.state.4'));
  await expect(rollout).toContainText(text(lang, 'software.upgrade.progressText', { updated: 1, total: 1 }));
  await expect(rollout).toContainText(text(lang, 'software.mode.1'));

  // The device's history.
  await page.getByRole('tab', { name: text(lang, 'software.upgrade.tabs.history') }).click();
  const history = openTab(page)
    .locator('.ant-table-row')
    .filter({ hasText: SEWAGE })
    .filter({ hasText: version });
  await expect(history).toContainText(text(lang, 'software.upgrade.deviceState.5'));
  await expect(history).toContainText(`#${String(id)}`);

  // The inbox tells the starter the rollout finished, and its link opens it.
  await page.goto('/iotyun/info/inbox');
  const message = page
    .locator('.ant-table-row')
    .filter({ hasText: text(lang, 'messages.upgrade.finished.title', { version }) });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: exactly(text(lang, 'info.inbox.open')) }).click();
  await expect(page).toHaveURL(new RegExp(`/software/upgrade\\?id=${String(id)}$`));
  await expect(detailsOf(page)).toContainText(text(lang, 'software.upgrade.state.4'));
});

for (const lang of ['zh', 'en'] as const) {
  test(`software update reads in ${lang}, runs in waves and fits a phone`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(page, lang);
    await signIn(page, 'admin', undefined, lang);
    const version = await nextVersion(page);
    await uploadGatewayVersion(page, version, [MODEL], 0);
    await openUpgrades(page, lang);

    const dialog = await startWizard(page, lang, version, `upgrade-version-${lang}.png`);
    await expect(dialog.locator('.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-devices-${lang}.png`) });
    await chooseDevice(dialog, lang, SEWAGE);
    await chooseDevice(dialog, lang, COLD_ROOM);
    await expect(dialog).toContainText(text(lang, 'software.upgrade.wizard.selected', { count: 2 }));
    await next(dialog, lang);
    await dialog.getByRole('switch', { name: text(lang, 'software.upgrade.wizard.phased') }).click();
    await dialog
      .getByRole('spinbutton', { name: text(lang, 'software.upgrade.wizard.stepPercent') })
      .fill('50');
    await expect(dialog).toContainText(
      text(lang, 'software.upgrade.wizard.planWaves', { count: 2, sizes: '1 / 1' }),
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-settings-${lang}.png`) });
    await next(dialog, lang);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-confirm-${lang}.png`) });
    await dialog.getByRole('button', { name: exactly(text(lang, 'software.upgrade.wizard.submit')) }).click();
    await expect(dialog).toBeHidden();

    const drawer = detailsOf(page);
    await expect(drawer).toContainText(
      text(lang, 'software.upgrade.drawer.waveSettingsText', { first: 1, step: 50 }),
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-drawer-live-${lang}.png`) });
    await waitUpdated(drawer, lang, [SEWAGE, COLD_ROOM]);
    await expect(drawer).toContainText(text(lang, 'software.upgrade.drawer.waveNow', { wave: 2, waves: 2 }));
    const details = await pageTexts(page, ['.cell-lines__secondary', '.upgrade-drawer__summary td'], lang);
    expect(details.text).not.toMatch(RAW_KEY);
    if (lang === 'en') expect(chineseOutsideData(details.text, details.data)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-drawer-${lang}.png`) });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const { text: shown, data } = await pageTexts(page, ['.ant-table-row td:nth-child(5)'], lang);
    expect(shown).not.toMatch(RAW_KEY);
    if (lang === 'en') expect(chineseOutsideData(shown, data)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-list-${lang}.png`) });
    await page.getByRole('tab', { name: text(lang, 'software.upgrade.tabs.history') }).click();
    await expect(openTab(page).locator('.ant-table-row').filter({ hasText: version })).toHaveCount(2);
    const historyTexts = await pageTexts(
      page,
      ['.cell-lines__secondary', '.ant-table-row td:nth-child(6)'],
      lang,
    );
    expect(historyTexts.text).not.toMatch(RAW_KEY);
    if (lang === 'en') expect(chineseOutsideData(historyTexts.text, historyTexts.data)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-history-${lang}.png`) });

    // A phone: the history, the rollouts, a rollout's details and the new upgrade's devices, none wider than it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'the upgrade history on a phone');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `upgrade-history-phone-${lang}.png`),
      fullPage: true,
    });
    await page.getByRole('tab', { name: text(lang, 'software.upgrade.tabs.upgrades') }).click();
    // The history's cards (which name the devices) have left.
    await expect(openTab(page).locator('.data-card').filter({ hasText: SEWAGE })).toHaveCount(0);
    const card = openTab(page).locator('.data-card').filter({ hasText: version });
    await expect(card).toContainText(text(lang, 'software.upgrade.state.4'));
    await expectNoSidewaysScroll(page, 'the upgrades on a phone');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `upgrade-list-phone-${lang}.png`),
      fullPage: true,
    });
    await card.getByRole('button', { name: exactly(text(lang, 'software.upgrade.actions.details')) }).click();
    await expect(drawer.locator('.data-card').filter({ hasText: SEWAGE })).toBeVisible();
    await expectNoSidewaysScroll(page, 'a rollout’s details on a phone');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-drawer-phone-${lang}.png`) });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const phoneDialog = await startWizard(page, lang, version, `upgrade-version-phone-${lang}.png`);
    await expect(phoneDialog.locator('.data-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the new upgrade on a phone');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `upgrade-devices-phone-${lang}.png`) });
  });
}
