// The software library against the demo server (issue 34 point 1): the administrator uploads a gateway package on
// /software/version with its models and update content, sees it listed, downloads it whole, withdraws it and
// deletes it after the confirmation; a file that is not a gateway package is refused beside the file and nothing
// is listed; the page reads in Chinese and English and fits a phone. Each test names its own gateway model, so its
// versions are new whatever other tests (or runs) uploaded.
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import {
  chineseOutsideData,
  exactly,
  expectNoSidewaysScroll,
  gatewayPackage,
  pageTexts,
  RAW_KEY,
  SCREENSHOT_DIR,
  serverText,
  setLanguage,
  signIn,
  textsOf,
  uniqueUserName,
  type Lang,
} from './helpers';

const text = textsOf(['software', 'menu']);

async function openLibrary(page: Page, lang: Lang): Promise<void> {
  await page.goto('/iotyun/software/version');
  await expect(page.getByRole('heading', { name: text(lang, 'menu.softwareVersion') })).toBeVisible();
}

async function upload(page: Page, lang: Lang, version: string, model: string, file: Buffer, name: string) {
  await page.getByRole('button', { name: exactly(text(lang, 'software.version.upload')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: text(lang, 'software.form.uploadTitle') });
  await dialog.getByLabel(text(lang, 'software.form.version')).fill(version);
  const models = dialog.getByLabel(text(lang, 'software.form.models'));
  await models.fill(model);
  await models.press('Enter');
  await dialog.getByLabel(text(lang, 'software.form.contentZh')).fill('提高轮询效率');
  await dialog.getByLabel(text(lang, 'software.form.contentEn')).fill('Faster polling');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/gzip', buffer: file });
  await dialog.getByRole('button', { name: exactly(text(lang, 'software.form.submit')) }).click();
  return dialog;
}

test('a gateway package is uploaded, listed, downloaded whole, withdrawn and deleted', async ({ page }) => {
  const lang: Lang = 'zh';
  await signIn(page, 'admin');
  await openLibrary(page, lang);
  const model = uniqueUserName('IG').slice(0, 20);
  const version = '2.1.0';
  const data = gatewayPackage(version, [model]);

  // A file that is not a gateway package is refused beside the file; nothing is listed.
  const refused = await upload(page, lang, version, model, Buffer.from('<html>no</html>'), 'fake.tar.gz');
  await expect(refused).toContainText(serverText(lang, 116001));
  await refused.getByRole('button', { name: exactly('取消') }).click();

  const dialog = await upload(page, lang, version, model, data, 'gateway-2.1.0.tar.gz');
  await expect(dialog).toBeHidden();
  await page.getByLabel(text(lang, 'software.version.modelFilter')).fill(model);
  await page.getByLabel(text(lang, 'software.version.modelFilter')).press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: version });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(model);
  await expect(row).toContainText('提高轮询效率');
  await expect(row).toContainText(text(lang, 'software.state.1'));

  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: exactly(text(lang, 'software.actions.download')) }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('gateway-2.1.0.tar.gz');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(data)).toBe(true);

  // Withdraw, then delete after the confirmation.
  await row.getByRole('button', { name: text(lang, 'software.actions.moreFor', { version }) }).click();
  await page.getByRole('menuitem', { name: text(lang, 'software.actions.withdraw') }).click();
  await expect(row).toContainText(text(lang, 'software.state.0'));
  await row.getByRole('button', { name: text(lang, 'software.actions.moreFor', { version }) }).click();
  await page.getByRole('menuitem', { name: text(lang, 'software.actions.delete') }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: exactly(text(lang, 'software.actions.delete')) }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(text(lang, 'software.version.noMatch'))).toBeVisible();
});

for (const lang of ['zh', 'en'] as const) {
  test(`the library reads in ${lang} and fits a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(page, lang);
    await signIn(page, 'admin', undefined, lang);
    await openLibrary(page, lang);
    const model = uniqueUserName('PH').slice(0, 20);
    const dialog = await upload(page, lang, '1.0.0', model, gatewayPackage('1.0.0', [model]), 'g.tar.gz');
    await expect(dialog).toBeHidden();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const { text: shown, data } = await pageTexts(
      page,
      ['.ant-table-row td:nth-child(3)', '.ant-table-row td:nth-child(4)'],
      lang,
    );
    expect(shown).not.toMatch(RAW_KEY);
    if (lang === 'en') expect(chineseOutsideData(shown, [...data, '提高轮询效率'])).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `software-version-${lang}.png`) });
    await page.getByRole('button', { name: exactly(text(lang, 'software.version.upload')) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `software-upload-${lang}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'the software library on a phone');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `software-version-phone-${lang}.png`),
      fullPage: true,
    });
  });
}
