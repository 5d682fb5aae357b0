// Team screens against the demo server: roles, users, simulated login, and the secondary administrator's view.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { api, exactly, signIn, signOut, t as shellText, uniqueUserName, type Lang } from './helpers';

/** The team.* texts (zh): team.json, and team-account.json (simulation, cancellation), which continues it. */
const TEAM = Object.assign(
  {},
  ...['team.json', 'team-account.json'].map(
    (file) =>
      (
        JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'locales', 'zh', file), 'utf8'),
        ) as { team: Record<string, unknown> }
      ).team,
  ),
) as Record<string, unknown>;

/** A team.* text (zh); helpers.t covers the shell's areas. */
function tt(key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = TEAM;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no zh text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

const lang: Lang = 'zh';

function sidebar(page: Page) {
  return page.locator('aside.console__sider');
}

async function menuLabels(page: Page): Promise<string[]> {
  // Open every group so nested entries are listed too.
  for (const group of await sidebar(page).locator('.ant-menu-submenu:not(.ant-menu-submenu-open)').all()) {
    await group.locator('.ant-menu-submenu-title').click();
  }
  return (await sidebar(page).getByRole('menuitem').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

test.describe('team', () => {
  test('an administrator creates a role and a user, simulates that user and returns', async ({ page }) => {
    const roleName = uniqueUserName('role');
    const userName = uniqueUserName('sim');

    await signIn(page, 'admin');

    // Role with Home and Device groups only.
    await page.goto('/iotyun/team/role');
    await page.getByRole('button', { name: exactly(tt('role.create')) }).click();
    const roleDialog = page.getByRole('dialog').filter({ hasText: tt('role.createTitle') });
    await roleDialog.getByLabel(tt('role.field.name')).fill(roleName);
    await roleDialog.getByRole('treeitem', { name: /首页/ }).locator('.ant-tree-checkbox').click();
    await roleDialog
      .getByRole('treeitem', { name: /设备分组/ })
      .locator('.ant-tree-checkbox')
      .click();
    await roleDialog.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
    await expect(roleDialog).toBeHidden();
    await expect(page.getByRole('cell', { name: roleName })).toBeVisible();
    // A custom role offers delete; the built-in ones (administrator, secondary administrator, user) do not.
    const rows = page.locator('.ant-table-row');
    const deleteButton = { name: exactly(tt('action.delete')) };
    await expect(rows.filter({ hasText: roleName }).getByRole('button', deleteButton)).toBeVisible();
    await expect(rows.first().getByRole('button', deleteButton)).toHaveCount(0);

    // User with that role.
    await page.goto('/iotyun/team/user');
    await page.getByRole('button', { name: exactly(tt('user.create')) }).click();
    const userDialog = page.getByRole('dialog').filter({ hasText: tt('user.createTitle') });
    await userDialog.getByLabel(tt('user.field.userName')).fill(userName);
    await userDialog.getByLabel(tt('user.field.password'), { exact: true }).fill('abc12345');
    await userDialog.getByLabel(tt('user.field.password2')).fill('abc12345');
    await userDialog.getByLabel(tt('user.field.mustChangePassword')).click();
    await userDialog.getByLabel(tt('user.field.role')).click();
    // antd renders the visible options outside the accessibility list, so pick the item itself.
    await page.locator('.ant-select-item-option', { hasText: roleName }).click();
    await userDialog.getByRole('button', { name: exactly(shellText(lang, 'common.action.save')) }).click();
    await expect(userDialog).toBeHidden();

    // Simulate.
    await page.getByPlaceholder(tt('user.searchPlaceholder')).fill(userName);
    await page.getByPlaceholder(tt('user.searchPlaceholder')).press('Enter');
    // The search refetches the list and redraws its rows: a menu opened on a row about to be replaced closes with it.
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    const row = page.getByRole('row').filter({ hasText: userName });
    const simulate = page.getByRole('menuitem', { name: tt('action.simulate') });
    await expect(async () => {
      if (!(await simulate.isVisible())) await row.getByRole('button', { name: tt('action.more') }).click();
      await expect(simulate).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await simulate.click();
    // Nothing answers "no operation privilege" while the console switches to the user (the open user list must not
    // fetch again with the user's session).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/')) return;
      response
        .json()
        .then((body: { meta?: { message?: string } }) => {
          if (body.meta?.message === '100015') refused.push(response.url());
        })
        .catch(() => undefined);
    });
    await page.getByRole('button', { name: exactly(tt('simulate.start')) }).click();

    const banner = page.getByText(tt('simulate.banner', { name: userName }));
    await expect(banner).toBeVisible();
    await expect(page).toHaveURL(/\/iotyun\/(index|device\/devgroup)/);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await expect(page.locator('.ant-message-notice-error')).toHaveCount(0);
    // Exactly what the role allows: Home, and Device groups inside its Devices menu group.
    expect((await menuLabels(page)).sort()).toEqual(
      [
        shellText(lang, 'menu.index'),
        shellText(lang, 'menu.device'),
        shellText(lang, 'menu.devgroup'),
      ].sort(),
    );
    await expect(sidebar(page)).not.toContainText(shellText(lang, 'menu.team'));

    // Return.
    await page.getByRole('button', { name: exactly(tt('simulate.return')) }).click();
    await expect(page).toHaveURL(/\/iotyun\/team\/user$/);
    await expect(banner).toBeHidden();
    await expect(sidebar(page)).toContainText(shellText(lang, 'menu.team'));
  });

  test('a secondary administrator sees only their group', async ({ page }) => {
    await signIn(page, 'groupadmin');
    await page.goto('/iotyun/team/customerGroup');
    await expect(page).toHaveURL(/\/iotyun\/team\/customerGroup$/);
    // The demo seed binds groupadmin to Plant_A (with Workshop_1 below it); Plant_B is another group's.
    const tree = page.locator('.team-groups__tree');
    await expect(tree).toContainText('Plant_A');
    await expect(tree).toContainText('Workshop_1');
    await expect(tree).not.toContainText('Plant_B');
    await expect(page.getByRole('button', { name: exactly(tt('group.create')) })).toHaveCount(0);
    // The user list holds Plant_A's people (operator is in Workshop_1), never Plant_B's inspector.
    await page.goto('/iotyun/team/user');
    await expect(page.locator('.ant-table-tbody')).toContainText('operator');
    await expect(page.locator('.ant-table-tbody')).not.toContainText('inspector');
    // No roles page and no access to another team page.
    await expect(sidebar(page)).not.toContainText(shellText(lang, 'menu.role'));
    await page.goto('/iotyun/team/role');
    await expect(page).toHaveURL(/\/iotyun\/401/);
  });
});

test.describe('forced password change', () => {
  test('after the forced change the home page loads without a retry', async ({ page }) => {
    const userName = uniqueUserName('forced');
    await signIn(page, 'admin');
    const roles = await api<{ items: { id: number; code: string }[] }>(page, 'GET', '/yun/user/role');
    const userRole = roles.items.find((r) => r.code === 'user');
    if (!userRole) throw new Error('no built-in user role');
    await api(page, 'POST', '/yun/userInfo', {
      user_name: userName,
      password: 'abc12345',
      password2: 'abc12345',
      role_id: userRole.id,
      must_change_password: true,
    });
    await signOut(page);

    await signIn(page, userName, 'abc12345');
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: shellText(lang, 'auth.changePassword.forcedTitle') });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(shellText(lang, 'auth.field.oldPassword')).fill('abc12345');
    await dialog.getByLabel(shellText(lang, 'auth.field.newPassword')).fill('abc67890');
    await dialog.getByLabel(shellText(lang, 'auth.field.confirmPassword')).fill('abc67890');
    await dialog
      .getByRole('button', { name: exactly(shellText(lang, 'auth.changePassword.submit')) })
      .click();
    await expect(dialog).toBeHidden();
    // The cards that failed while the change was pending load again on their own.
    await expect(page.locator('[data-stat=total] .home-stat__value')).toHaveText(/^\d+$/);
    await expect(page.getByText(shellText(lang, 'home.chart.failed'))).toHaveCount(0);
    await expect(page.getByText(shellText(lang, 'home.events.failed'))).toHaveCount(0);
  });
});
