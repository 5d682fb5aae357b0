// Account screens end to end: registration of a new tenant, captcha login (one failure first), server field errors.
import { expect, test, type Page } from '@playwright/test';

import {
  captchaAnswer,
  captchaImage,
  captchaInput,
  DEMO_PASSWORD,
  exactly,
  latestCode,
  nextCaptcha,
  openLogin,
  serverText,
  signIn,
  signOut,
  solveCaptcha,
  t,
  uniquePhone,
  uniqueUserName,
  userMenu,
} from './helpers';

const CAPTCHA_FAILED = 110002;
const WRONG_CREDENTIALS = 110003;
const USER_NAME_EXISTS = 110307;

function registerForm(page: Page) {
  return {
    userName: page.getByRole('textbox', { name: t('zh', 'auth.field.userName'), exact: true }),
    account: page.getByRole('textbox', { name: t('zh', 'auth.field.account'), exact: true }),
    smsCode: page.getByRole('textbox', { name: t('zh', 'auth.field.smsCode'), exact: true }),
    password: page.getByLabel(t('zh', 'auth.field.newPassword'), { exact: true }),
    confirm: page.getByLabel(t('zh', 'auth.field.confirmPassword'), { exact: true }),
    agree: page.getByRole('checkbox', { name: t('zh', 'auth.register.agreePrefix') }),
    sendCode: page.getByRole('button', { name: exactly(t('zh', 'auth.sendCode.send')) }),
    submit: page.getByRole('button', { name: exactly(t('zh', 'auth.register.submit')) }),
  };
}

function loginForm(page: Page) {
  return {
    username: page.getByRole('textbox', { name: t('zh', 'auth.field.username'), exact: true }),
    password: page.getByRole('textbox', { name: t('zh', 'auth.field.password'), exact: true }),
    submit: page.getByRole('button', { name: exactly(t('zh', 'auth.login.submit')) }),
  };
}

/** Registers through the form (the steps the first test checks one by one) and waits for the default page. */
async function registerTenant(page: Page, userName: string, phone: string, password: string) {
  const form = registerForm(page);
  const captcha = nextCaptcha(page);
  await page.goto('/iotyun/register');
  await form.userName.fill(userName);
  await form.account.fill(phone);
  await solveCaptcha(page, await captcha);
  const refreshed = nextCaptcha(page);
  await form.sendCode.click();
  await form.smsCode.fill(await latestCode(phone, 'register'));
  await refreshed;
  await form.password.fill(password);
  await form.confirm.fill(password);
  await form.agree.check();
  await form.submit.click();
  await expect(page).toHaveURL(/\/iotyun\/index$/);
}

test.describe('register', () => {
  test('a new tenant registers with a phone code and lands on the default page, signed in', async ({
    page,
  }) => {
    const userName = uniqueUserName('reg');
    const phone = uniquePhone();
    const form = registerForm(page);

    const firstCaptcha = nextCaptcha(page);
    await page.goto('/iotyun/register');
    await form.userName.fill(userName);
    await form.account.fill(phone);
    await solveCaptcha(page, await firstCaptcha);

    // Sending the code spends the captcha: the page fetches a new one.
    const refreshed = nextCaptcha(page);
    await form.sendCode.click();
    await expect(page.getByText(t('zh', 'auth.sendCode.sent'))).toBeVisible();
    const countdown = new RegExp(t('zh', 'auth.sendCode.countdown', { seconds: '#' }).replace('#', '\\d+'));
    await expect(page.getByRole('button', { name: countdown })).toBeDisabled();
    const code = await latestCode(phone, 'register');
    const secondCaptcha = await refreshed;
    await expect(captchaImage(page)).toHaveAttribute('src', secondCaptcha.img);

    await form.smsCode.fill(code);
    // The graphic code guarded sending the code; submitting does not ask for it again.
    await form.password.fill('Passw0rd1');
    await form.confirm.fill('Passw0rd1');
    await form.agree.check();
    await form.submit.click();

    await expect(page).toHaveURL(/\/iotyun\/index$/);
    await expect(userMenu(page)).toContainText(userName);
    await expect(page.getByText(t('zh', 'auth.register.success'))).toBeVisible();

    // A new tenant's home offers first steps instead of zeros; the first one opens the register dialog.
    const steps = page.locator('.first-steps');
    await expect(steps).toContainText(t('zh', 'home.firstSteps.title'));
    await expect(page.getByText(t('zh', 'home.welcome.firstRun'))).toBeVisible();
    await expect(page.locator('.home-stat__value')).toHaveCount(0);
    await steps.getByRole('link', { name: `1. ${t('zh', 'home.firstSteps.register.title')}` }).click();
    await expect(page).toHaveURL(/\/iotyun\/device\/devgroup/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('an existing user name shows the server message next to the user name field', async ({ page }) => {
    const form = registerForm(page);
    const captcha = nextCaptcha(page);
    await page.goto('/iotyun/register');
    await form.userName.fill('admin');
    await form.account.fill(uniquePhone());
    await solveCaptcha(page, await captcha);
    await form.smsCode.fill('123456');
    await form.password.fill('Passw0rd1');
    await form.confirm.fill('Passw0rd1');
    await form.agree.check();

    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/register');
    await form.submit.click();
    expect((await (await answer).json()) as unknown).toMatchObject({
      meta: { success: 0, message: String(USER_NAME_EXISTS), field: 'user_name' },
    });

    await expect(form.userName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.userName).toHaveAccessibleDescription(serverText('zh', USER_NAME_EXISTS));
    await expect(page).toHaveURL(/\/iotyun\/register$/);
  });
});

test.describe('login', () => {
  test('a wrong captcha shows its error and a new image, then the right one signs in', async ({ page }) => {
    const form = loginForm(page);
    const first = await openLogin(page);
    await form.username.fill('admin');
    await form.password.fill(DEMO_PASSWORD);
    await expect(captchaImage(page)).toHaveAttribute('src', first.img);
    // 0 is not in the captcha alphabet, so this answer is always wrong.
    expect(await captchaAnswer(first.codeKey)).not.toBe('0000');
    await captchaInput(page).fill('0000');

    const refreshed = nextCaptcha(page);
    await form.submit.click();
    const second = await refreshed;
    expect(second.codeKey).not.toBe(first.codeKey);
    await expect(captchaInput(page)).toHaveAccessibleDescription(serverText('zh', CAPTCHA_FAILED));
    await expect(captchaInput(page)).toHaveValue('');
    await expect(captchaImage(page)).toHaveAttribute('src', second.img);
    await expect(page).toHaveURL(/\/iotyun\/login$/);

    await solveCaptcha(page, second);
    await form.submit.click();
    await expect(page).toHaveURL(/\/iotyun\/index$/);
    await expect(userMenu(page)).toContainText('管理员'); // the demo admin's nick name
  });

  test('a newly registered user can sign out and sign in again', async ({ page }) => {
    const userName = uniqueUserName('relog');
    const phone = uniquePhone();
    await registerTenant(page, userName, phone, 'Passw0rd2');

    await signOut(page);
    // By phone number this time: login accepts the user name, phone or email.
    await signIn(page, phone, 'Passw0rd2');
    await expect(page).toHaveURL(/\/iotyun\/index$/);
    await expect(userMenu(page)).toContainText(userName);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    const form = loginForm(page);
    const captcha = await openLogin(page);
    await form.username.fill('groupadmin');
    await form.password.fill('not-the-password1');
    await solveCaptcha(page, captcha);
    const refreshed = nextCaptcha(page);
    await form.submit.click();
    await refreshed;

    await expect(form.password).toHaveAccessibleDescription(serverText('zh', WRONG_CREDENTIALS));
    await expect(page.getByText(serverText('zh', WRONG_CREDENTIALS))).toBeVisible();
    await expect(page).toHaveURL(/\/iotyun\/login$/);
  });
});
