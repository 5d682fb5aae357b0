// App keys against the demo server (issue 36 points 4 and 8): the administrator makes a key in the console and copies
// the id and secret the dialog shows once; this test then calls the API with it from node, signing as
// docs/api-system.md "Signing a call" says: the same routes answer with the console's envelope, an operation outside
// the key's scopes and a replayed nonce are refused; the reference page's try-it panel signs a call in the browser
// with the same key; once revoked in the console the key is refused at once. Both pages read in Chinese and English,
// at 1440 and 390 px (screenshots in test-results/screenshots/appkeys-*).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

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

const text = textsOf(['system-appkeys', 'menu', 'menu-console', 'common']);

interface Meta {
  success: number;
  message: string;
}

interface Signed {
  headers: Record<string, string>;
  url: string;
  body: string;
  method: string;
}

/** A call signed with the key: HMAC-SHA256 keyed by SHA-256(secret) over method, path, query, time, nonce, body. */
function sign(keyId: string, secret: string, method: string, apiPath: string, query = '', body = ''): Signed {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const digest = createHash('sha256').update(body).digest('hex');
  const key = createHash('sha256').update(secret).digest();
  const signature = createHmac('sha256', key)
    .update([method, apiPath, query, timestamp, nonce, digest].join('\n'))
    .digest('hex');
  const headers: Record<string, string> = {
    'X-App-Key': keyId,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': signature,
  };
  if (body) headers['Content-Type'] = 'application/json';
  return { headers, url: `/api${apiPath}${query ? `?${query}` : ''}`, body, method };
}

async function send(call: Signed): Promise<{ meta: Meta; data: unknown }> {
  const base = test.info().project.use.baseURL ?? '';
  const response = await fetch(`${base}${call.url}`, {
    method: call.method,
    headers: call.headers,
    body: call.body || undefined,
  });
  return (await response.json()) as { meta: Meta; data: unknown };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `appkeys-${name}.png`), fullPage: true });
}

/** The console page: no untranslated key, and (English) no Chinese outside the data (names, ids, codes). */
async function readsIn(page: Page, lang: Lang): Promise<void> {
  const { text: shown, data } = await pageTexts(page, ['.app-key-name', '.app-key-id'], lang);
  expect(shown).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(shown, data)).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/** The public reference: the same, its code examples and the brand being data. */
async function docReadsIn(page: Page, lang: Lang): Promise<void> {
  const read = await page.evaluate(() => {
    const data = [...document.querySelectorAll<HTMLElement>('pre, code, .doc-page__header')].map(
      (n) => n.innerText,
    );
    return { text: document.body.innerText, data };
  });
  const prose = read.data.reduce((rest, value) => rest.split(value).join(' '), read.text);
  expect(prose).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(prose, [])).toEqual([]);
  await expectNoSidewaysScroll(page);
}

test.describe('app keys', () => {
  test('a key made in the console calls the API from node, is refused beyond its scope, and once revoked', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/iotyun/system/appKeys');
    await expect(page.getByRole('heading', { name: text('zh', 'menu.appKeys') })).toBeVisible();

    const name = `e2e ${String(Date.now()).slice(-6)}`;
    await page
      .getByRole('button', { name: exactly(text('zh', 'system.appKeys.list.create')) })
      .first()
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: text('zh', 'system.appKeys.form.title') });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel(text('zh', 'system.appKeys.form.name'), { exact: true }).fill(name);
    await drawer
      .getByRole('checkbox', { name: new RegExp(text('zh', 'system.appKeys.scope.history_read')) })
      .check();
    await shoot(page, 'form-zh-1440');
    await drawer.getByRole('button', { name: exactly(text('zh', 'system.appKeys.form.create')) }).click();

    // The id and the secret, shown once.
    const shown = page
      .getByRole('dialog')
      .filter({ hasText: text('zh', 'system.appKeys.secret.title', { name }) });
    const keyId = await shown
      .getByRole('textbox', { name: text('zh', 'system.appKeys.secret.keyId') })
      .inputValue();
    const secret = await shown
      .getByRole('textbox', { name: text('zh', 'system.appKeys.secret.secret'), exact: true })
      .inputValue();
    expect(keyId).toMatch(/^ak_[0-9a-f]{24}$/);
    expect(secret).toMatch(/^aks_/);
    await shoot(page, 'secret-zh-1440');
    await shown.getByRole('button', { name: exactly(text('zh', 'system.appKeys.secret.done')) }).click();
    await expect(shown).toBeHidden();

    // From node: the console's route answers the key with the console's envelope and the same devices.
    const listed = await send(sign(keyId, secret, 'GET', '/dev', 'page=1&page_size=5'));
    expect(listed.meta.success).toBe(1);
    const devices = listed.data as { items: { id: number }[]; total: number };
    const fromConsole = await api<{ items: { id: number }[]; total: number }>(
      page,
      'GET',
      '/dev?page=1&page_size=5',
    );
    expect(devices.total).toBe(fromConsole.total);
    expect(devices.items.map((d) => d.id)).toEqual(fromConsole.items.map((d) => d.id));
    // Outside its scopes: refused, whatever the administrator may do.
    const register = sign(
      keyId,
      secret,
      'POST',
      '/dev/register',
      '',
      '{"sn_code":"E2EKEY1","secret":"secret123"}',
    );
    expect((await send(register)).meta.message).toBe('117846');
    // A nonce is used once.
    const once = sign(keyId, secret, 'GET', '/dev/stateInfo');
    expect((await send(once)).meta.success).toBe(1);
    expect((await send(once)).meta.message).toBe('117845');

    // The list tells its last use.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(text('zh', 'system.appKeys.list.used', { n: 2, max: 10000 }))).toBeVisible();

    // The reference's try-it panel signs a call in the browser with the same key.
    await page.goto('/iotyun/documentAppKey');
    const card = page
      .locator('.ant-card')
      .filter({ has: page.locator('.app-key-doc__path', { hasText: /^\/dev\/stateInfo$/ }) });
    await card.getByRole('tab', { name: text('zh', 'system.appKeys.doc.try.tab') }).click();
    await card.getByLabel(text('zh', 'system.appKeys.doc.try.keyId')).fill(keyId);
    await card.getByLabel(text('zh', 'system.appKeys.doc.try.secret'), { exact: true }).fill(secret);
    await card.getByRole('button', { name: exactly(text('zh', 'system.appKeys.doc.try.send')) }).click();
    await expect(card.getByTestId('try-answer')).toContainText('"success": 1');
    await shoot(page, 'doc-try-zh-1440');

    // Revoked in the console: refused at its next call.
    await page.goto('/iotyun/system/appKeys');
    await row.getByRole('button', { name: exactly(text('zh', 'system.appKeys.action.revoke')) }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: text('zh', 'system.appKeys.revoke.title', { name }) });
    await confirm.getByRole('button', { name: exactly(text('zh', 'system.appKeys.action.revoke')) }).click();
    await expect(row.getByText(text('zh', 'system.appKeys.state.revoked'))).toBeVisible();
    expect((await send(sign(keyId, secret, 'GET', '/dev', 'page=1'))).meta.message).toBe('117841');

    for (const lang of ['zh', 'en'] as const) {
      await setLanguage(page, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await page.goto('/iotyun/system/appKeys');
        await expect(page.getByText(name).first()).toBeVisible();
        await readsIn(page, lang);
        await shoot(page, `list-${lang}-${String(width)}`);
        await page.goto('/iotyun/documentAppKey');
        await expect(page.getByRole('heading', { name: text(lang, 'menu.documentAppKey') })).toBeVisible();
        await docReadsIn(page, lang);
        await shoot(page, `doc-${lang}-${String(width)}`);
      }
    }
  });
});
