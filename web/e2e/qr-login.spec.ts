// QR sign-in through the console's own page (docs/api.md "QR sign-in"): one browser on the sign-in page's "scan QR
// code" tab, another signed in as the demo administrator opening the code's address and confirming; the first enters
// the console. In Chinese and English, at 1440 and 390 px, with screenshots of both sides.
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import {
  DEMO_PASSWORD,
  exactly,
  expectNoSidewaysScroll,
  nextCaptcha,
  SCREENSHOT_DIR,
  setLanguage,
  signIn,
  solveCaptcha,
  t,
  textsOf,
  userMenu,
  type Lang,
} from './helpers';

const qr = textsOf(['auth-qr']);

async function browserAt(browser: Browser, width: number): Promise<Page> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** Opens the sign-in page's QR tab and answers the address its code holds. */
async function showCode(desktop: Page, lang: Lang): Promise<string> {
  await setLanguage(desktop, lang);
  await desktop.goto('/iotyun/login');
  await desktop.getByRole('tab', { name: t(lang, 'auth.login.tabQr') }).click();
  const panel = desktop.locator('.qr-login[data-qr-url]');
  await expect(panel).toBeVisible();
  await expect(desktop.getByRole('img', { name: qr(lang, 'auth.qr.code') })).toBeVisible();
  await expect(desktop.getByRole('status')).toContainText(qr(lang, 'auth.qr.waiting'));
  const url = await panel.getAttribute('data-qr-url');
  if (!url) throw new Error('no address in the QR code');
  return url;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

for (const lang of ['zh', 'en'] as const) {
  for (const width of [1440, 390]) {
    test(`QR sign-in, ${lang}, ${String(width)} px: the phone confirms and the other browser enters the console`, async ({
      browser,
    }) => {
      const desktop = await browserAt(browser, width);
      const phone = await browserAt(browser, width);
      try {
        const url = await showCode(desktop, lang);
        expect(new URL(url).pathname).toBe('/iotyun/qrLogin');
        await expectNoSidewaysScroll(desktop, 'the QR tab');
        await shot(desktop, `qr-login-tab-${lang}-${String(width)}`);

        await setLanguage(phone, lang);
        await signIn(phone, 'admin', DEMO_PASSWORD, lang);
        await phone.goto(url);
        await expect(phone.getByText(qr(lang, 'auth.qr.confirm.question', { name: 'admin' }))).toBeVisible();
        await expect(phone.getByText('127.0.0.1')).toBeVisible();
        // The code is taken: the other browser says so.
        await expect(desktop.getByRole('status')).toContainText(qr(lang, 'auth.qr.scanned'));
        await expectNoSidewaysScroll(phone, 'the confirm page');
        await shot(phone, `qr-login-confirm-${lang}-${String(width)}`);
        await shot(desktop, `qr-login-scanned-${lang}-${String(width)}`);

        await phone.getByRole('button', { name: exactly(qr(lang, 'auth.qr.confirm.accept')) }).click();
        await expect(phone.getByText(qr(lang, 'auth.qr.confirm.accepted'))).toBeVisible();

        await expect(desktop).toHaveURL(/\/iotyun\/(?!login\b)[^/?]+/);
        await expect(userMenu(desktop, lang)).toBeVisible();
        // The code is spent: opened again, the page says so.
        await phone.goto(url);
        await expect(phone.getByText(qr(lang, 'auth.qr.confirm.invalid'))).toBeVisible();
      } finally {
        await desktop.context().close();
        await phone.context().close();
      }
    });
  }
}

test('a signed-out phone signs in first and comes back to confirm; cancelling shows on the other browser', async ({
  browser,
}) => {
  const desktop = await browserAt(browser, 1440);
  const phone = await browserAt(browser, 390);
  try {
    const url = await showCode(desktop, 'zh');
    await setLanguage(phone, 'zh');
    const captcha = nextCaptcha(phone);
    await phone.goto(url);
    await expect(phone).toHaveURL(/\/iotyun\/login\?redirect=/);
    await phone.getByRole('textbox', { name: t('zh', 'auth.field.username'), exact: true }).fill('admin');
    await phone
      .getByRole('textbox', { name: t('zh', 'auth.field.password'), exact: true })
      .fill(DEMO_PASSWORD);
    await solveCaptcha(phone, await captcha);
    await phone.getByRole('button', { name: exactly(t('zh', 'auth.login.submit')) }).click();
    await expect(phone).toHaveURL(/\/iotyun\/qrLogin\?key=/);
    await phone.getByRole('button', { name: exactly(qr('zh', 'auth.qr.confirm.cancel')) }).click();
    await expect(phone.getByText(qr('zh', 'auth.qr.confirm.refused'))).toBeVisible();
    await expect(desktop.getByRole('status')).toContainText(qr('zh', 'auth.qr.cancelled'));
    await expect(desktop).toHaveURL(/\/iotyun\/login$/);
    // A new code is one click away.
    await desktop.getByRole('button', { name: exactly(qr('zh', 'auth.qr.refresh')) }).click();
    await expect(desktop.getByRole('status')).toContainText(qr('zh', 'auth.qr.waiting'));
    await shot(desktop, 'qr-login-refreshed-zh-1440');
  } finally {
    await desktop.context().close();
    await phone.context().close();
  }
});
