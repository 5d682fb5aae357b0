// The tenant's brand against the demo server (issue 36 point 1): the administrator names the platform, writes a
// slogan and a footer and binds a domain on the personalization page; the console shows the name at once, without a
// reload; a browser arriving on the bound domain (resolved to this host by Chromium's own resolver rule, as a DNS
// record would) sees the brand on the login page before anyone signs in, and one arriving on the platform's address
// sees the platform's. The page reads in Chinese and English, at 1440 and 390 px (screenshots in
// test-results/screenshots/brand-*).
import path from 'node:path';

import { chromium, expect, test, type Page } from '@playwright/test';

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

const text = textsOf(['system-brand', 'menu', 'common', 'auth']);

interface Brand {
  platform_name: string;
  slogan: string;
  footer: string;
  primary_color: string | null;
  default_language: 'zh' | 'en';
  map_theme: string | null;
  domain: string | null;
  logo_light: { id: number } | null;
  logo_dark: { id: number } | null;
  favicon: { id: number } | null;
  background: { id: number } | null;
}

/** The brand as the page would save it back (what a test restores when it ends). */
function asInput(brand: Brand) {
  return {
    platform_name: brand.platform_name,
    slogan: brand.slogan,
    footer: brand.footer,
    primary_color: brand.primary_color,
    default_language: brand.default_language,
    map_theme: brand.map_theme,
    domain: brand.domain,
    logo_light_id: brand.logo_light?.id ?? null,
    logo_dark_id: brand.logo_dark?.id ?? null,
    favicon_id: brand.favicon?.id ?? null,
    background_id: brand.background?.id ?? null,
  };
}

async function readsIn(page: Page, lang: Lang, data: readonly string[]): Promise<void> {
  const { text: shown, data: read } = await pageTexts(page, ['.ant-input', '.brand-logo__name'], lang);
  expect(shown).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(shown, [...read, ...data])).toEqual([]);
  await expectNoSidewaysScroll(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `brand-${name}.png`), fullPage: true });
}

test.describe('personalization and white label', () => {
  test('a saved brand shows at once in the console and on the login page of its bound domain', async ({
    page,
  }) => {
    test.slow();
    const baseURL = test.info().project.use.baseURL ?? '';
    const port = new URL(baseURL).port;
    const stamp = String(Date.now()).slice(-7);
    const name = `鑫源智控 ${stamp}`;
    const slogan = `让每一台设备都在线 ${stamp}`;
    const footer = `© 鑫源智控 ${stamp}`;
    const domain = `plant-${stamp}.example.test`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    const before = await api<Brand>(page, 'GET', '/yun/individuation');
    try {
      await page.goto('/iotyun/system/personalization');
      await expect(page.getByRole('heading', { name: text('zh', 'menu.personalization') })).toBeVisible();
      await page.getByLabel(text('zh', 'system.brand.field.name'), { exact: true }).fill(name);
      await page.getByLabel(text('zh', 'system.brand.field.slogan'), { exact: true }).fill(slogan);
      await page.getByLabel(text('zh', 'system.brand.field.footer'), { exact: true }).fill(footer);
      await page.getByLabel(text('zh', 'system.brand.field.domain'), { exact: true }).fill(domain);
      // The preview follows the form before anything is saved.
      const preview = page.getByRole('complementary', { name: text('zh', 'system.brand.preview.title') });
      await expect(preview.getByText(name).first()).toBeVisible();
      await shoot(page, 'form-zh-1440');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/yun/individuation') && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: exactly(text('zh', 'system.brand.actions.save')) }).click();
      expect((await saved).ok()).toBe(true);
      await expect(page.getByText(text('zh', 'system.brand.actions.saved'))).toBeVisible();

      // Applied without a reload: the shell's name and the tab's title.
      await expect(page.locator('.brand-logo__name').first()).toHaveText(name);
      await expect(page).toHaveTitle(new RegExp(name));

      // A browser arriving on the bound domain, nobody signed in: the tenant's brand on the login page.
      const launch = test.info().project.use.launchOptions ?? {};
      const visitor = await chromium.launch({
        ...launch,
        args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
      });
      try {
        const context = await visitor.newContext({ viewport: { width: 1440, height: 900 } });
        const login = await context.newPage();
        await login.goto(`http://${domain}:${port}/iotyun/login`);
        await expect(login.locator('.auth-brand__title')).toHaveText(slogan);
        await expect(login.locator('.brand-logo__name').first()).toHaveText(name);
        await expect(login.getByText(footer).first()).toBeVisible();
        await expect(login).toHaveTitle(new RegExp(name));
        await login.screenshot({ path: path.join(SCREENSHOT_DIR, 'brand-login-domain-1440.png') });
        await login.setViewportSize({ width: 390, height: 844 });
        await expect(login.locator('.auth-main__mobile-logo')).toBeVisible();
        await login.screenshot({ path: path.join(SCREENSHOT_DIR, 'brand-login-domain-390.png') });

        // The platform's own address shows the platform's brand, never the tenant's.
        const plain = await context.newPage();
        await plain.goto(`${baseURL}/iotyun/login`);
        await expect(plain.locator('.auth-brand__title')).toHaveText(text('zh', 'auth.brand.title'));
        await expect(plain.getByText(name)).toHaveCount(0);
        await context.close();
      } finally {
        await visitor.close();
      }

      // The page in both languages, at 1440 and 390 px.
      for (const lang of ['zh', 'en'] as const) {
        await setLanguage(page, lang);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          await page.goto('/iotyun/system/personalization');
          await expect(page.getByLabel(text(lang, 'system.brand.field.name'), { exact: true })).toHaveValue(
            name,
          );
          // The default language is named in its own language (中文, English), as a language menu does.
          await readsIn(page, lang, [name, slogan, footer, domain, '中文']);
          await shoot(page, `page-${lang}-${String(width)}`);
        }
      }
    } finally {
      await api(page, 'PUT', '/yun/individuation', asInput(before));
    }
  });

  test('a domain that is no host name is refused on its field and nothing is saved', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    const before = await api<Brand>(page, 'GET', '/yun/individuation');
    await page.goto('/iotyun/system/personalization');
    const field = page.getByLabel(text('zh', 'system.brand.field.domain'), { exact: true });
    await field.fill('http://plant.example.test/login');
    await page.getByRole('button', { name: exactly(text('zh', 'system.brand.actions.save')) }).click();
    const item = page.locator('.ant-form-item').filter({ has: field });
    await expect(item.locator('.ant-form-item-explain-error')).toBeVisible();
    const after = await api<Brand>(page, 'GET', '/yun/individuation');
    expect(after.domain).toBe(before.domain);
  });
});
