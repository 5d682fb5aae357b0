// Outgoing webhooks against the demo server (issue 36 point 5): the administrator subscribes a receiver this test
// runs on 127.0.0.1 (the e2e server allows private targets: serve.sh), copies the secret the dialog shows once, sends
// a test event and the receiver gets it, signed so that the secret verifies it; the delivery log says it was
// delivered with HTTP 200. The page reads in Chinese and English, at 1440 and 390 px (screenshots in
// test-results/screenshots/webhooks-*).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

const text = textsOf(['system-webhooks', 'menu', 'common']);

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A receiver on this host: records what is posted and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; calls: Received[] }> {
  const calls: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${String(port)}/iotyun-hook`, calls };
}

/** What a receiver checks: the HMAC-SHA256 of "<timestamp>.<raw body>" with the secret, and a recent timestamp. */
function verified(secret: string, call: Received): boolean {
  const timestamp = String(call.headers['x-iotyun-timestamp'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(call.raw).digest('hex');
  const expected = Buffer.from(`sha256=${mac}`);
  const given = Buffer.from(String(call.headers['x-iotyun-signature'] ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** No untranslated key, and (English) no Chinese outside the data; the URLs and event codes shown are data. */
async function readsIn(page: Page, lang: Lang): Promise<void> {
  const { text: shown, data } = await pageTexts(
    page,
    ['.webhook-url', '.webhook-open', '.webhook-form__event-code', '.ant-select-selection-item'],
    lang,
  );
  const withoutUrls = shown.replace(/https?:\/\/\S+/g, ' ');
  expect(withoutUrls).not.toMatch(RAW_KEY);
  if (lang === 'en') expect(chineseOutsideData(shown, data)).toEqual([]);
  await expectNoSidewaysScroll(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `webhooks-${name}.png`), fullPage: true });
}

test.describe('outgoing webhooks', () => {
  test('a subscription to a receiver on this host gets a signed test event, logged as delivered', async ({
    page,
  }) => {
    test.slow();
    const receiver = await startReceiver();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'admin');
      await page.goto('/iotyun/system/webhooks');
      await expect(page.getByRole('heading', { name: text('zh', 'menu.webhooks') })).toBeVisible();

      const name = `e2e ${String(Date.now()).slice(-6)}`;
      await page
        .getByRole('button', { name: exactly(text('zh', 'system.webhooks.list.create')) })
        .first()
        .click();
      const drawer = page
        .getByRole('dialog')
        .filter({ hasText: text('zh', 'system.webhooks.form.createTitle') });
      await expect(drawer).toBeVisible();
      await drawer.getByLabel(text('zh', 'system.webhooks.form.name'), { exact: true }).fill(name);
      await drawer.getByLabel(text('zh', 'system.webhooks.form.url'), { exact: true }).fill(receiver.url);
      await shoot(page, 'form-zh-1440');
      await drawer.getByRole('button', { name: exactly(text('zh', 'system.webhooks.form.create')) }).click();

      // The secret, shown once.
      const shown = page
        .getByRole('dialog')
        .filter({ hasText: text('zh', 'system.webhooks.secret.createdTitle', { name }) });
      const secret = await shown
        .getByRole('textbox', { name: text('zh', 'system.webhooks.secret.label') })
        .inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shoot(page, 'secret-zh-1440');
      await shown.getByRole('button', { name: exactly(text('zh', 'system.webhooks.secret.done')) }).click();
      await expect(shown).toBeHidden();

      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByRole('button', { name: exactly(text('zh', 'system.webhooks.action.test')) }).click();
      await expect.poll(() => receiver.calls.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [call] = receiver.calls;
      if (!call) throw new Error('the receiver got nothing');
      expect(verified(secret, call)).toBe(true);
      expect(verified('whsec_wrong', call)).toBe(false);
      const body = JSON.parse(call.raw.toString('utf8')) as { event: string; key: string; device: unknown };
      expect(body).toMatchObject({ event: 'webhook.test', device: null });
      expect(call.headers['x-iotyun-delivery']).toBe(body.key);

      // The log: delivered, HTTP 200.
      await page.getByRole('tab', { name: text('zh', 'system.webhooks.tab.log') }).click();
      const logged = page.getByRole('row').filter({ hasText: name });
      await expect(logged.getByText(text('zh', 'system.webhooks.state.sent'))).toBeVisible({
        timeout: 30_000,
      });
      await expect(logged.getByText('200', { exact: true })).toBeVisible();

      for (const lang of ['zh', 'en'] as const) {
        await setLanguage(page, lang);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          await page.goto('/iotyun/system/webhooks');
          await expect(page.getByText(name).first()).toBeVisible();
          await readsIn(page, lang);
          await shoot(page, `list-${lang}-${String(width)}`);
          await page.goto('/iotyun/system/webhooks?tab=log');
          await expect(
            page.getByText(text(lang, 'system.webhooks.event.webhook_test')).first(),
          ).toBeVisible();
          await readsIn(page, lang);
          await shoot(page, `log-${lang}-${String(width)}`);
          if (width === 390) {
            await page.goto('/iotyun/system/webhooks');
            await page.getByRole('button', { name: name }).first().click();
            const edit = page
              .getByRole('dialog')
              .filter({ hasText: text(lang, 'system.webhooks.form.editTitle') });
            await expect(edit).toBeVisible();
            await readsIn(page, lang);
            await shoot(page, `form-${lang}-390`);
          }
        }
      }

      const hooks = await api<{ items: { id: number; name: string }[] }>(page, 'GET', '/yun/webhooks');
      for (const hook of hooks.items.filter((h) => h.name === name))
        await api(page, 'DELETE', `/yun/webhooks/${String(hook.id)}`);
    } finally {
      receiver.server.close();
    }
  });
});
