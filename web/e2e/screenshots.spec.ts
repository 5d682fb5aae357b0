// Full-page screenshots at 1366×768 of the main screens in both languages (test-results/screenshots/<name>-<lang>.png),
// each checked for untranslated keys, text in the wrong language and horizontal overflow.
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import {
  captchaImage,
  nextCaptcha,
  RAW_KEY,
  SCREENSHOT_DIR,
  setLanguage,
  signIn,
  t,
  userMenu,
  type Lang,
  expectNoSidewaysScroll,
} from './helpers';

const LANGS: Lang[] = ['zh', 'en'];
const HAN = /\p{Script=Han}/u;

test.use({ viewport: { width: 1366, height: 768 } });

/** The signed-in user's display name, from the header. */
async function userName(page: Page, lang: Lang): Promise<string> {
  const name = (await userMenu(page, lang).innerText()).trim();
  expect(name).not.toBe('');
  return name;
}

/**
 * Waits for fonts and images, checks the page and saves the screenshot. `data` are texts that come from the
 * database rather than the catalogue (the demo admin's nick name is Chinese), left out of the language check; a
 * function is asked after the page's text is read, so data that appeared meanwhile (a live chart redrawn with a
 * group another test just made) is known too.
 */
async function capture(
  page: Page,
  name: string,
  lang: Lang,
  data: string[] | (() => Promise<string[]>) = [],
) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });

  const text = await page.locator('body').innerText();
  expect(text, 'text that looks like an untranslated key').not.toMatch(RAW_KEY);
  if (lang === 'en') {
    const known = typeof data === 'function' ? await data() : data;
    // The language menu's own "中文" label is in a closed dropdown, so no UI text should be Chinese.
    const uiText = known.reduce((rest, value) => rest.split(value).join(' '), text);
    const chinese = uiText.split('\n').filter((line) => HAN.test(line));
    expect(chinese, 'Chinese text on the English page').toEqual([]);
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

for (const lang of LANGS) {
  test.describe(`screenshots (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await setLanguage(page, lang);
    });

    test(`login-${lang}`, async ({ page }) => {
      const captcha = nextCaptcha(page);
      await page.goto('/iotyun/login');
      await expect(page.getByRole('heading', { name: t(lang, 'auth.login.title') })).toBeVisible();
      await expect(captchaImage(page, lang)).toHaveAttribute('src', (await captcha).img);
      await capture(page, 'login', lang);
    });

    test(`register-${lang}`, async ({ page }) => {
      const captcha = nextCaptcha(page);
      await page.goto('/iotyun/register');
      await expect(page.getByRole('heading', { name: t(lang, 'auth.register.title') })).toBeVisible();
      await expect(captchaImage(page, lang)).toHaveAttribute('src', (await captcha).img);
      await capture(page, 'register', lang);
    });

    test(`home-${lang}`, async ({ page }) => {
      await signIn(page, 'admin', undefined, lang);
      await expect(page).toHaveURL(/\/iotyun\/index$/);
      await expect(
        page.locator('aside.console__sider').getByRole('menuitem', { name: t(lang, 'menu.index') }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      const name = await userName(page, lang);
      // The group names under the bars are data (the SVG chart's text, with the full name in its <title>), read
      // after the page's text: groups only grow while other tests run beside this one.
      const groups = async () =>
        (
          await page.locator('.svg-chart__category').evaluateAll((els) =>
            els.flatMap((el) => [
              el.querySelector('title')?.textContent ?? '',
              [...el.childNodes]
                .filter((node) => node.nodeType === Node.TEXT_NODE)
                .map((node) => node.textContent ?? '')
                .join(''),
            ]),
          )
        ).filter(Boolean);
      await capture(page, 'home', lang, async () => [name, ...(await groups())]);
    });

    test(`403-${lang}`, async ({ page }) => {
      await signIn(page, 'admin', undefined, lang);
      await page.goto('/iotyun/no/such/page');
      await expect(page).toHaveURL(/\/iotyun\/exception\/403$/);
      await expect(
        page.locator('.exception-page').getByText(t(lang, 'exception.403.subtitle')),
      ).toBeVisible();
      // Inside the console: the header names the signed-in user (demo data, in Chinese).
      await capture(page, '403', lang, [await userName(page, lang)]);
    });
  });
}
