// Who holds a device, through the console against the demo server: distribution and its cancellation, take-back
// by the administrator, leaving a received share, filing one in the receiver's own group, hand-over, and the device
// page's flow card and video address.
// Each test registers its own devices; one screenshot per flow (test-results/screenshots/device-<flow>-zh.png).
//
// The receiving sub-user is a fresh user of the built-in user role, created once through the team screens, so the
// flows start from a user who holds no device; that role reaches the device list (P31000) like the demo operator.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test as base, type Browser, type Locator, type Page } from '@playwright/test';

import { FLOW_CARD_TEST_MB, ICCID_MIN_DIGITS } from '../src/types/limits.gen';
import {
  exactly,
  RAW_KEY,
  SCREENSHOT_DIR,
  signIn,
  t as shellText,
  uniqueUserName,
  type Lang,
} from './helpers';

type Catalogue = Record<string, unknown>;

const lang: Lang = 'zh';

function catalogue(area: 'device' | 'team'): Catalogue {
  const file = path.resolve(import.meta.dirname, '..', 'src', 'locales', lang, `${area}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Catalogue>)[area] ?? {};
}

const DEVICE = catalogue('device');
const TEAM = catalogue('team');

function lookup(root: Catalogue, area: string, key: string, values: Record<string, string | number>): string {
  let node: unknown = root;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Catalogue)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${area}.${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** A device.* text; helpers.t covers the shell's areas. */
function dt(key: string, values: Record<string, string | number> = {}): string {
  return lookup(DEVICE, 'device', key, values);
}

/** A team.* text. */
function tt(key: string, values: Record<string, string | number> = {}): string {
  return lookup(TEAM, 'team', key, values);
}

// --- the sub-user ----------------------------------------------------------------------------------------------

const SUB_PASSWORD = 'abc12345';
const HANDOVER_TO = 'operator';
let subUser = '';

async function newSignedInPage(
  browser: Browser,
  baseURL: string | undefined,
  user: string,
  password?: string,
) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signIn(page, user, password);
  return page;
}

/** A user of the built-in user role who signs in without changing the password. */
async function createSubUser(page: Page): Promise<string> {
  const roleName = shellText(lang, 'common.role.user');
  const userName = uniqueUserName('sub');
  const save = exactly(shellText(lang, 'common.action.save'));

  await page.goto('/iotyun/team/user');
  await page.getByRole('button', { name: exactly(tt('user.create')) }).click();
  const userDialog = page.getByRole('dialog').filter({ hasText: tt('user.createTitle') });
  await userDialog.getByLabel(tt('user.field.userName')).fill(userName);
  await userDialog.getByLabel(tt('user.field.password'), { exact: true }).fill(SUB_PASSWORD);
  await userDialog.getByLabel(tt('user.field.password2')).fill(SUB_PASSWORD);
  await userDialog.getByLabel(tt('user.field.mustChangePassword')).click();
  await userDialog.getByLabel(tt('user.field.role')).click();
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  await userDialog.getByRole('button', { name: save }).click();
  await expect(userDialog).toBeHidden();
  return userName;
}

const test = base.extend<{ subPage: Page }>({
  // The sub-user signed in in a browser context of their own, next to the administrator's `page`.
  subPage: async ({ browser, baseURL }, provide) => {
    const page = await newSignedInPage(browser, baseURL, subUser, SUB_PASSWORD);
    await provide(page);
    await page.context().close();
  },
});

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, testInfo.project.use.baseURL, 'admin');
  try {
    subUser = await createSubUser(page);
  } finally {
    await page.context().close();
  }
});

// --- devices ---------------------------------------------------------------------------------------------------

interface TestDevice {
  sn: string;
  alias: string;
}

let serial = 0;

function newDevice(prefix: string): TestDevice {
  serial += 1;
  const sn = `E2EO${Date.now().toString(36).toUpperCase()}${serial}${Math.floor(Math.random() * 100)}`.slice(
    0,
    19,
  );
  return { sn, alias: `${prefix}${sn.slice(-6)}` };
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ hasText: title });
}

function rowOf(page: Page, sn: string): Locator {
  return page.getByRole('row').filter({ hasText: sn });
}

function relationTag(row: Locator, relation: string): Locator {
  return row.locator('.ant-tag').filter({ hasText: new RegExp(`^${dt(`relation.${relation}`)}$`) });
}

/** The device list filtered to `sn` (the list reads its search from the URL). */
async function openList(page: Page, sn: string) {
  await page.goto(`/iotyun/device/devgroup?q=${encodeURIComponent(sn)}`);
  await expect(page.getByRole('heading', { name: shellText(lang, 'menu.devgroup') })).toBeVisible();
}

async function expectListed(page: Page, device: TestDevice, relation: string) {
  await openList(page, device.sn);
  await expect(relationTag(rowOf(page, device.sn), relation)).toBeVisible();
}

async function expectNotListed(page: Page, device: TestDevice) {
  await openList(page, device.sn);
  await expect(page.getByText(dt('list.noMatch'))).toBeVisible();
  await expect(rowOf(page, device.sn)).toHaveCount(0);
}

/** Registers a new gateway from the device list (a fresh SN with a generated secret). */
async function register(page: Page, prefix: string): Promise<TestDevice> {
  const device = newDevice(prefix);
  await openList(page, device.sn);
  await page
    .getByRole('button', { name: exactly(dt('action.register')) })
    .first()
    .click();
  const form = dialog(page, dt('register.title'));
  await form.getByLabel(dt('field.sn')).fill(device.sn);
  await form.getByLabel(dt('field.alias')).click();
  await expect(form.getByText(dt('register.sn.new'))).toBeVisible();
  await form.getByRole('button', { name: exactly(dt('register.generate')) }).click();
  await form.getByLabel(dt('field.alias')).fill(device.alias);
  await form.getByRole('button', { name: exactly(dt('register.submit')) }).click();
  await expect(form).toBeHidden();
  await expect(relationTag(rowOf(page, device.sn), 'owner')).toBeVisible();
  return device;
}

/** Picks `action` from a row's "more actions" menu. */
async function rowMore(page: Page, device: TestDevice, action: string) {
  await rowOf(page, device.sn)
    .getByRole('button', { name: dt('action.moreFor', { name: device.alias }) })
    .click();
  await page.getByRole('menuitem', { name: dt(`action.${action}`) }).click();
}

/** Accepts the confirmation titled `title` with its button `ok`. */
async function confirm(page: Page, title: string, ok: string) {
  const box = dialog(page, title);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: exactly(ok) }).click();
  await expect(box).toBeHidden();
}

function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** The device page of a listed device (through its SN link). */
async function openDetail(page: Page, device: TestDevice) {
  await openList(page, device.sn);
  await rowOf(page, device.sn).getByRole('link', { name: device.sn }).click();
  await expect(page).toHaveURL(/\/iotyun\/deviceDetail\/\d+$/);
  await expect(page.locator('.devreg-detail__name')).toHaveText(device.alias);
}

function section(page: Page, title: string): Locator {
  return page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) });
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // A full-page shot of a scrolled page draws the fixed header and sider in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.locator('body').innerText(), 'text that looks like an untranslated key').not.toMatch(
    RAW_KEY,
  );
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `device-${name}-${lang}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

// --- flows -----------------------------------------------------------------------------------------------------

test.describe('device ownership', () => {
  test('the administrator distributes a device to a sub-user and cancels the distribution', async ({
    page,
    subPage,
  }) => {
    await signIn(page, 'admin');
    const device = await register(page, 'Dist');

    await rowMore(page, device, 'distribute');
    const distribute = dialog(page, dt('distribute.title', { name: device.alias }));
    await expect(distribute.getByText(dt('distribute.none'))).toBeVisible();
    const users = distribute.getByLabel(dt('distribute.users'));
    await users.click();
    await users.fill(subUser);
    await page.locator('.ant-select-item-option', { hasText: subUser }).click();
    await distribute.locator('.ant-modal-title').click(); // closes the option list
    await distribute.getByRole('button', { name: exactly(dt('distribute.submit')) }).click();
    await expect(toast(page, dt('distribute.success_one', { count: 1 }))).toBeVisible();
    await expect(distribute.getByRole('listitem').filter({ hasText: subUser })).toBeVisible();
    await distribute.getByRole('button', { name: exactly(dt('action.done')) }).click();
    await expect(distribute).toBeHidden();

    // The sub-user has it in their list, as an assigned device.
    await expectListed(subPage, device, 'distribution');
    await screenshot(subPage, 'distributed');

    // The administrator withdraws it (a confirmation in the dialog's list).
    await rowMore(page, device, 'distribute');
    await expect(distribute.getByRole('listitem').filter({ hasText: subUser })).toBeVisible();
    await distribute
      .getByRole('button', { name: dt('distribute.cancelNamed', { account: subUser }) })
      .click();
    const popconfirm = page.locator('.ant-popconfirm').filter({
      hasText: dt('distribute.cancelConfirm', { account: subUser }),
    });
    await popconfirm.getByRole('button', { name: exactly(dt('distribute.cancel')) }).click();
    await expect(toast(page, dt('distribute.cancelled'))).toBeVisible();
    await expect(distribute.getByText(dt('distribute.none'))).toBeVisible();
    await distribute.getByRole('button', { name: exactly(dt('action.done')) }).click();

    await expectNotListed(subPage, device);
  });

  test('the administrator takes back a device a sub-user owns', async ({ page, subPage }) => {
    const device = await register(subPage, 'Back');

    await signIn(page, 'admin');
    await expectListed(page, device, 'admin');
    await rowMore(page, device, 'takeback');
    const question = dialog(page, dt('takeback.confirmTitle', { name: device.alias }));
    await expect(question).toContainText(dt('takeback.confirmContent', { owner: subUser }));
    await confirm(page, dt('takeback.confirmTitle', { name: device.alias }), dt('action.takeback'));
    await expect(toast(page, dt('takeback.success', { name: device.alias }))).toBeVisible();
    // Now the administrator's own: the owner's actions are offered.
    const row = rowOf(page, device.sn);
    await expect(relationTag(row, 'owner')).toBeVisible();
    await expect(row.getByRole('button', { name: exactly(dt('action.share')) })).toBeVisible();
    await screenshot(page, 'takeback');

    await expectNotListed(subPage, device);
  });

  test('a sub-user leaves a share they received', async ({ page, subPage }) => {
    await signIn(page, 'admin');
    const device = await register(page, 'Shr');
    await rowOf(page, device.sn)
      .getByRole('button', { name: exactly(dt('action.share')) })
      .click();
    const share = dialog(page, dt('share.title', { name: device.alias }));
    const accounts = share.getByLabel(dt('share.accounts'));
    await accounts.fill(subUser);
    await accounts.press('Enter');
    await share.getByRole('button', { name: exactly(dt('share.submit')) }).click();
    await expect(share.getByRole('listitem').filter({ hasText: subUser })).toBeVisible();
    await share.getByRole('button', { name: exactly(dt('action.done')) }).click();
    await expect(share).toBeHidden();

    await expectListed(subPage, device, 'share');
    await rowMore(subPage, device, 'cancelShare');
    const title = dt('cancelShare.confirmTitle', { name: device.alias });
    await expect(dialog(subPage, title)).toContainText(dt('cancelShare.confirmContent', { owner: 'admin' }));
    await screenshot(subPage, 'leave-share');
    await confirm(subPage, title, dt('action.cancelShare'));
    await expect(toast(subPage, dt('cancelShare.success', { name: device.alias }))).toBeVisible();
    await expect(subPage.getByText(dt('list.noMatch'))).toBeVisible();
    await expect(rowOf(subPage, device.sn)).toHaveCount(0);
    await expectNotListed(subPage, device);

    // The owner's share list is empty again.
    await page.reload();
    await rowOf(page, device.sn)
      .getByRole('button', { name: exactly(dt('action.share')) })
      .click();
    await expect(share.getByText(dt('share.none'))).toBeVisible();
  });

  test('a sub-user files a share they received in a group of their own', async ({ page, subPage }) => {
    // Two users, a share, a new group and the filing: more steps than the other flows.
    test.slow();
    await signIn(page, 'admin');
    const device = await register(page, 'File');
    await rowOf(page, device.sn)
      .getByRole('button', { name: exactly(dt('action.share')) })
      .click();
    const share = dialog(page, dt('share.title', { name: device.alias }));
    const accounts = share.getByLabel(dt('share.accounts'));
    await accounts.fill(subUser);
    await accounts.press('Enter');
    await share.getByRole('button', { name: exactly(dt('share.submit')) }).click();
    await expect(share.getByRole('listitem').filter({ hasText: subUser })).toBeVisible();
    await share.getByRole('button', { name: exactly(dt('action.done')) }).click();
    await expect(share).toBeHidden();

    // The receiver makes a group of their own (names are unique per tenant: ≤10 characters).
    const groupName = `Mine${device.sn.slice(-5)}`;
    await openList(subPage, device.sn);
    await subPage.getByRole('button', { name: exactly(dt('group.create')) }).click();
    const groupForm = dialog(subPage, dt('group.createTitle'));
    await groupForm.getByLabel(dt('group.field.name')).fill(groupName);
    await groupForm.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
    await expect(groupForm).toBeHidden();
    const groupEntry = subPage.getByRole('option').filter({ hasText: groupName });
    await expect(groupEntry).toHaveAttribute('aria-selected', 'true');
    await expect(groupEntry.locator('.devreg-groups__count')).toHaveText('0');

    // … and moves the shared device into it.
    await expectListed(subPage, device, 'share');
    await rowMore(subPage, device, 'fileShare');
    const file = dialog(subPage, dt('fileShare.title', { name: device.alias }));
    await expect(file.getByText(dt('fileShare.intro'))).toBeVisible();
    const target = file.getByLabel(dt('fileShare.target'));
    await target.click();
    await target.fill(groupName);
    await subPage.locator('.ant-select-item-option', { hasText: groupName }).click();
    await screenshot(subPage, 'file-share');
    await file.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
    await expect(
      toast(subPage, dt('fileShare.success', { name: device.alias, group: groupName })),
    ).toBeVisible();
    await expect(file).toBeHidden();
    await expect(rowOf(subPage, device.sn)).toContainText(groupName);

    // The group lists it and counts it.
    await subPage.goto('/iotyun/device/devgroup');
    await subPage.getByRole('option').filter({ hasText: groupName }).click();
    await expect(relationTag(rowOf(subPage, device.sn), 'share')).toBeVisible();
    await expect(groupEntry.locator('.devreg-groups__count')).toHaveText('1');

    // The filing is the receiver's own: the owner still sees the device in its default group.
    await openList(page, device.sn);
    await expect(rowOf(page, device.sn)).toContainText(dt('group.defaultName'));
    await expect(rowOf(page, device.sn)).not.toContainText(groupName);
  });

  test('an owner hands a device over to another account', async ({ page, subPage }) => {
    const device = await register(subPage, 'Hand');

    await rowMore(subPage, device, 'transfer');
    const transfer = dialog(subPage, dt('transfer.title', { name: device.alias }));
    await expect(transfer.getByText(dt('transfer.warning'))).toBeVisible();
    const account = transfer.getByLabel(dt('transfer.account'));
    const next = transfer.getByRole('button', { name: exactly(dt('transfer.next')) });
    // Not to oneself.
    await account.fill(subUser);
    await next.click();
    await expect(transfer.getByText(dt('validation.account.self'))).toBeVisible();
    // To the demo operator, after a confirmation.
    await account.fill(HANDOVER_TO);
    await next.click();
    const title = dt('transfer.confirmTitle', { name: device.alias, account: HANDOVER_TO });
    await expect(dialog(subPage, title)).toContainText(dt('transfer.confirmContent'));
    await screenshot(subPage, 'handover');
    await confirm(subPage, title, dt('transfer.submit'));
    await expect(
      toast(subPage, dt('transfer.success', { name: device.alias, account: HANDOVER_TO })),
    ).toBeVisible();
    await expect(transfer).toBeHidden();
    await expect(subPage.getByText(dt('list.noMatch'))).toBeVisible();
    await expectNotListed(subPage, device);

    // The administrator sees it under its new owner.
    await signIn(page, 'admin');
    await expectListed(page, device, 'admin');
    await rowMore(page, device, 'takeback');
    await expect(dialog(page, dt('takeback.confirmTitle', { name: device.alias }))).toContainText(
      dt('takeback.confirmContent', { owner: HANDOVER_TO }),
    );
    await dialog(page, dt('takeback.confirmTitle', { name: device.alias }))
      .getByRole('button', { name: exactly(shellText(lang, 'common.action.cancel')) })
      .click();
  });
});

test.describe('device page', () => {
  test('binds, activates, edits and unbinds a flow card', async ({ page }) => {
    const iccid = `8986${Date.now()}${Math.floor(Math.random() * 1e3)}`.padEnd(20, '0').slice(0, 20);
    await signIn(page, 'admin');
    const device = await register(page, 'Card');
    await openDetail(page, device);
    const card = section(page, dt('detail.card'));
    await expect(card.getByText(dt('card.none'))).toBeVisible();

    // Bind: a number with too few digits is refused with the translated rule, then a valid one.
    await card.getByRole('button', { name: exactly(dt('card.bind')) }).click();
    const bind = dialog(page, dt('card.bindTitle'));
    const number = bind.getByLabel(dt('card.iccid'));
    await number.fill('8986ABCDEFGH1234567');
    await bind.getByRole('button', { name: exactly(dt('card.bind')) }).click();
    await expect(bind.getByText(dt('validation.iccid.pattern', { min: ICCID_MIN_DIGITS }))).toBeVisible();
    await number.fill(iccid);
    await expect(bind.getByText(dt('validation.iccid.pattern', { min: ICCID_MIN_DIGITS }))).toBeHidden();
    await bind.getByRole('button', { name: exactly(dt('card.bind')) }).click();
    await expect(bind).toBeHidden();
    await expect(toast(page, dt('card.bound'))).toBeVisible();

    // A new card: the test period's package.
    await expect(card).toContainText(iccid);
    await expect(card).toContainText(dt('card.usedOf', { used: 0, total: FLOW_CARD_TEST_MB }));
    await expect(card).toContainText(dt('card.remainingMb', { remaining: FLOW_CARD_TEST_MB }));
    await expect(card).toContainText(dt('card.operatorValue.test'));

    // Activate (offered while the card is not activated).
    await card.getByRole('button', { name: exactly(dt('card.activate')) }).click();
    await confirm(page, dt('card.activateConfirm', { iccid }), dt('card.activate'));
    await expect(toast(page, dt('card.activated'))).toBeVisible();
    await expect(card).toContainText(dt('card.operatorValue.activated'));
    await expect(card.getByRole('button', { name: exactly(dt('card.activate')) })).toHaveCount(0);

    // Edit the package.
    await card.getByRole('button', { name: exactly(dt('card.editBook')) }).click();
    const book = dialog(page, dt('card.bookTitle'));
    await book.getByLabel(dt('card.package'), { exact: true }).fill('E2E 1G');
    await book.getByLabel(dt('card.totalMb'), { exact: true }).fill('1024');
    await book.getByLabel(dt('card.warningMb'), { exact: true }).fill('100');
    await book.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
    await expect(book).toBeHidden();
    await expect(toast(page, dt('card.bookSaved'))).toBeVisible();
    await expect(card).toContainText('E2E 1G');
    await expect(card).toContainText(dt('card.usedOf', { used: 0, total: 1024 }));
    await expect(card).toContainText(dt('card.remainingMb', { remaining: 1024 }));
    await expect(card).toContainText(dt('card.statusValue.normal'));
    await screenshot(page, 'flowcard');

    // Unbind, after its confirmation.
    await card.getByRole('button', { name: exactly(dt('card.unbind')) }).click();
    await confirm(page, dt('card.unbindConfirm', { iccid }), dt('card.unbind'));
    await expect(toast(page, dt('card.unbound'))).toBeVisible();
    await expect(card.getByText(dt('card.none'))).toBeVisible();
    await expect(card).not.toContainText(iccid);

    // The log has all three.
    await page.getByRole('tab', { name: dt('detail.log') }).click();
    for (const action of ['card_bind', 'card_activate', 'card_unbind']) {
      await expect(page.getByRole('cell', { name: dt(`log.action.${action}`), exact: true })).toBeVisible();
    }
  });

  test('refuses an invalid video address and saves a valid one', async ({ page }) => {
    // An address RAW_KEY (a.b.c) would not take for an untranslated key.
    const url = 'http://192.168.10.20:8080/live/gateway1.m3u8';
    await signIn(page, 'admin');
    const device = await register(page, 'Video');
    await openDetail(page, device);
    const video = section(page, dt('detail.video'));
    await expect(video.getByText(dt('video.none'))).toBeVisible();

    await video.getByRole('button', { name: exactly(dt('action.edit')) }).click();
    const edit = dialog(page, dt('video.editTitle'));
    const address = edit.getByLabel(dt('video.url'));
    const save = edit.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) });
    await address.fill('ftp://video.example.com/live');
    await save.click();
    await expect(edit.getByText(dt('validation.videoUrl'))).toBeVisible();
    await address.fill(url);
    await expect(edit.getByText(dt('validation.videoUrl'))).toBeHidden();
    await save.click();
    await expect(edit).toBeHidden();
    await expect(toast(page, dt('video.saved'))).toBeVisible();

    await expect(video.getByText(url)).toBeVisible();
    await expect(video.getByRole('link', { name: dt('video.open') })).toHaveAttribute('href', url);
    await screenshot(page, 'video');

    // Still there after a reload (saved on the server).
    await page.reload();
    await expect(section(page, dt('detail.video')).getByText(url)).toBeVisible();
  });
});
