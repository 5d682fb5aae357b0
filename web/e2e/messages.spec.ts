// The message centre against the demo server: a secondary administrator sends a notice from the bulletin board and
// writes a message; a member of their group sees the bell count both the moment they arrive (pushed over the live
// socket, no reload), the notice pops up once at the next page load, and the message is in the inbox.
// Everything happens in a fresh user group, so no other test's user gets a pop-up.
import { expect, test, type Browser, type Page } from '@playwright/test';

import { api, exactly, signIn, textsOf, uniqueUserName, type Lang } from './helpers';

const lang: Lang = 'zh';
const t = textsOf(['common', 'layout', 'info', 'menu']);
const PASSWORD = 'abc12345';

interface Role {
  id: number;
  code: string;
}

async function member(
  page: Page,
  name: string,
  roleId: number,
  groupId: number,
  admin2 = false,
): Promise<void> {
  await api(page, 'POST', '/yun/userInfo', {
    user_name: name,
    password: PASSWORD,
    password2: PASSWORD,
    role_id: roleId,
    group_id: groupId,
    is_admin2: admin2,
    must_change_password: false,
  });
}

async function signedIn(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, name, PASSWORD, lang);
  return page;
}

/** The header's bell, named by its counts. */
function bell(page: Page) {
  return page.locator('.app-header').getByRole('button', { name: /未读消息/ });
}

test('a notice and a message reach a member: the bell at once, the pop-up once', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  const group = await api<{ id: number }>(admin, 'POST', '/yun/user/group', { name: uniqueUserName('g') });
  const roles = await api<{ items: Role[] }>(admin, 'GET', '/yun/user/role');
  const roleId = (code: string) => {
    const found = roles.items.find((r) => r.code === code);
    if (!found) throw new Error(`no role ${code}`);
    return found.id;
  };
  const bossName = uniqueUserName('boss');
  const memberName = uniqueUserName('member');
  await member(admin, bossName, roleId('administrator2'), group.id, true);
  await member(admin, memberName, roleId('user'), group.id);
  await admin.context().close();

  const reader = await signedIn(browser, memberName);
  await expect(bell(reader)).toHaveAttribute('aria-label', /未读消息 0 条/);

  // The secondary administrator writes a notice and sends it after the confirmation.
  const boss = await signedIn(browser, bossName);
  await boss.goto('/iotyun/info/systemMsg');
  await boss.getByRole('button', { name: t(lang, 'info.systemMsg.board.create') }).click();
  const form = boss.getByRole('dialog').filter({ hasText: t(lang, 'info.systemMsg.form.createTitle') });
  const title = `停机通知 ${uniqueUserName('n')}`;
  await form.getByLabel(t(lang, 'info.systemMsg.form.title')).fill(title);
  await form.getByLabel(t(lang, 'info.systemMsg.form.content')).fill('周六 22:00 停机维护\n预计两小时');
  await form.getByRole('button', { name: t(lang, 'info.systemMsg.form.saveDraft') }).click();
  await expect(form).toBeHidden();
  const row = boss.locator('.ant-table-row').filter({ hasText: title });
  await row.getByRole('button', { name: exactly(t(lang, 'info.systemMsg.action.send')) }).click();
  const confirm = boss.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: exactly(t(lang, 'info.systemMsg.send.ok')) }).click();
  await expect(row).toContainText(t(lang, 'info.systemMsg.state.sent'));

  // The member's bell changed without a reload.
  await expect(bell(reader)).toHaveAttribute('aria-label', /未读消息 1 条/);

  // At the next page load the notice pops up, once.
  await reader.reload();
  const popup = reader.getByRole('dialog').filter({ hasText: title });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('预计两小时');
  await popup.getByRole('button', { name: t(lang, 'layout.notice.ok') }).click();
  await expect(popup).toBeHidden();
  await reader.reload();
  await expect(reader.locator('.app-header')).toBeVisible();
  await expect(reader.getByRole('dialog').filter({ hasText: title })).toHaveCount(0);

  // A message written from the sent tab arrives in the bell, and in the inbox.
  await boss.goto('/iotyun/info/systemMsg?tab=sent');
  // The toolbar's button (the empty list offers the same one).
  await boss
    .getByRole('button', { name: t(lang, 'info.systemMsg.sent.write') })
    .first()
    .click();
  const write = boss.getByRole('dialog').filter({ hasText: t(lang, 'info.systemMsg.write.title') });
  await write.getByLabel(t(lang, 'info.systemMsg.form.title')).fill('请核对压力表');
  await write.getByLabel(t(lang, 'info.systemMsg.write.body')).fill('今天巡检时核对 1 号泵压力表。');
  const users = write.getByLabel(t(lang, 'info.systemMsg.write.users'), { exact: true });
  await users.fill(memberName);
  await boss
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: memberName })
    .click();
  await write.getByRole('button', { name: exactly(t(lang, 'info.systemMsg.write.ok')) }).click();
  await expect(write).toBeHidden();
  await expect(boss.locator('.ant-table-row').filter({ hasText: '请核对压力表' })).toContainText('0 / 1');

  await expect(bell(reader)).toHaveAttribute('aria-label', /未读消息 1 条/);
  await bell(reader).click();
  await reader.getByRole('tab', { name: /消息/ }).click();
  await expect(reader.locator('.ant-popover')).toContainText('请核对压力表');
  await reader.goto('/iotyun/info/inbox');
  await expect(reader.locator('.ant-table-tbody, .data-table')).toContainText('请核对压力表');
});
