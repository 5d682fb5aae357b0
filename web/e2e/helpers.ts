// Shared browser-test helpers: the console's own texts, the server log (captcha answers, verification codes),
// captcha solving, API calls as the signed-in user, sign-in, unique test data and gateway packages to upload.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { expect, test, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

export type Lang = 'zh' | 'en';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
/**
 * The log of this worker's server: written by e2e/serve.sh (IOTYUN_LOG_FILE), truncated at every server start. Each
 * worker has its own server (playwright.config.ts), on E2E_PORT + TEST_PARALLEL_INDEX.
 */
export const SERVER_LOG = path.join(
  WEB_DIR,
  'test-results',
  `e2e-server-${String(Number(process.env.E2E_PORT ?? 8181) + Number(process.env.TEST_PARALLEL_INDEX ?? 0))}.log`,
);
export const SCREENSHOT_DIR = path.join(WEB_DIR, 'test-results', 'screenshots');

export const DEMO_PASSWORD = 'iotyun123';
export const CAPTCHA_PATH = '/api/yun/login/check/code';

// --- texts -----------------------------------------------------------------------------------------------------

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** The shell's areas, which `t` reads. */
const SHELL_AREAS = ['auth', 'common', 'exception', 'home', 'layout', 'menu', 'validation'];

function merge(target: Catalogue, source: Catalogue): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof current === 'object' && current !== null && typeof value === 'object' && value !== null)
      merge(current as Catalogue, value as Catalogue);
    else target[key] = value;
  }
}

/** The catalogues of `areas` in `lang`, merged deeply as in the app. An area's texts are its file and the files
 * that continue it, `<area>-<part>.json` under the same top-level keys (menu-console.json continues menu.json: the
 * app loads the two with different text bundles, src/lib/text-areas.ts). */
function catalogue(lang: Lang, areas: readonly string[]): Catalogue {
  const id = `${lang}:${areas.join(',')}`;
  let merged = catalogues.get(id);
  if (!merged) {
    merged = {};
    const dir = path.join(WEB_DIR, 'src', 'locales', lang);
    const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalogue;
    for (const area of areas) {
      const main = read(`${area}.json`);
      merge(merged, main);
      for (const file of readdirSync(dir).filter((f) => f.startsWith(`${area}-`) && f.endsWith('.json'))) {
        const part = read(file);
        if (Object.keys(part).every((key) => key in main)) merge(merged, part);
      }
    }
    catalogues.set(id, merged);
  }
  return merged;
}

function lookup(root: Catalogue, lang: Lang, key: string, values: Record<string, string | number>): string {
  let node: unknown = root;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Catalogue)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** The console's text for `key` (e.g. `auth.login.submit`) in `lang`, with `{{name}}` values filled in. */
export function t(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return lookup(catalogue(lang, SHELL_AREAS), lang, key, values);
}

/** A `t` over the catalogues of `areas` (a screen's own besides common and menu, say). */
export function textsOf(
  areas: readonly string[],
): (lang: Lang, key: string, values?: Record<string, string | number>) => string {
  return (lang, key, values = {}) => lookup(catalogue(lang, areas), lang, key, values);
}

/** A server error text (catalogue code → text), as the API's meta.detail carries it. */
export function serverText(lang: Lang, code: number): string {
  const file = path.join(WEB_DIR, 'src', 'locales', lang, 'errors.json');
  const text = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[String(code)];
  if (!text) throw new Error(`no ${lang} server text for ${code}`);
  return text;
}

/**
 * Exact-match regexp for the accessible name of a control labelled `text`. It allows what antd adds: the
 * aria-label of a leading icon (a menu item "home 首页", a button that has shown its spinner "loading 登 录")
 * and a space between the two characters of a two-character Chinese button label (登录 renders as "登 录").
 */
export function exactly(text: string): RegExp {
  const graphemes = Array.from(new Intl.Segmenter().segment(text.replace(/\s+/g, '')), (g) => g.segment);
  const chars = graphemes.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*(?:[a-z][a-z-]*\\s+)*${chars.join('\\s*')}\\s*$`);
}

// --- unique test data ------------------------------------------------------------------------------------------

let serial = 0;

/** A user name no other test (in this or an earlier run) uses: letter first, 3–32 characters. */
export function uniqueUserName(prefix = 'e2e'): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
}

/** An 11-digit mobile number (13x…) unique per call. */
export function uniquePhone(): string {
  serial += 1;
  const tail = `${Date.now() % 1e7}${serial % 10}`.padStart(8, '0').slice(-8);
  return `139${tail}`;
}

// --- server log ------------------------------------------------------------------------------------------------

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Polls the server log until `find` returns a value (up to `timeoutMs`). */
async function pollLog(
  find: (log: string) => string | undefined,
  what: string,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(await readFile(SERVER_LOG, 'utf8'));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} not found in ${SERVER_LOG} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer the server logged for captcha `codeKey` (`... iotyun.auth: captcha <key>: <ANSWER>`). */
export function captchaAnswer(codeKey: string): Promise<string> {
  const re = new RegExp(`iotyun\\.auth: captcha ${escapeRe(codeKey)}: (\\S+)\\s*$`, 'm');
  return pollLog((log) => re.exec(log)?.[1], `captcha answer for ${codeKey}`);
}

/** The latest verification code logged for `account` in `scene` ("register" or "reset"). */
export function latestCode(account: string, scene: 'register' | 'reset'): Promise<string> {
  const re = new RegExp(`verification code for \\w+ ${escapeRe(account)} \\(${scene}\\): (\\d+)\\s*$`, 'gm');
  return pollLog((log) => [...log.matchAll(re)].at(-1)?.[1], `${scene} code for ${account}`);
}

// --- captcha ---------------------------------------------------------------------------------------------------

export function isCaptchaResponse(response: Response): boolean {
  return new URL(response.url()).pathname === CAPTCHA_PATH && response.request().method() === 'GET';
}

/** The `code_key` (and image) of a captcha response. */
export async function captchaOf(response: Response): Promise<{ codeKey: string; img: string }> {
  const body = (await response.json()) as { data?: { code_key?: string; img?: string } };
  const codeKey = body.data?.code_key;
  const img = body.data?.img;
  if (!codeKey || !img) throw new Error(`captcha response without code_key: ${JSON.stringify(body)}`);
  return { codeKey, img };
}

/** Starts waiting for the next captcha response; call before the action that fetches one. */
export function nextCaptcha(page: Page): Promise<{ codeKey: string; img: string }> {
  return page.waitForResponse(isCaptchaResponse).then(captchaOf);
}

export function captchaInput(page: Page, lang: Lang = 'zh'): Locator {
  return page.getByRole('textbox', { name: t(lang, 'auth.field.captcha'), exact: true });
}

export function captchaImage(page: Page, lang: Lang = 'zh'): Locator {
  return page.getByRole('img', { name: t(lang, 'auth.captcha.alt'), exact: true });
}

/**
 * Types the answer to `captcha` (a response awaited with nextCaptcha) after checking the page shows that very
 * image, so the answer always belongs to the code_key the form will send.
 */
export async function solveCaptcha(page: Page, captcha: { codeKey: string; img: string }, lang: Lang = 'zh') {
  await expect(captchaImage(page, lang)).toHaveAttribute('src', captcha.img);
  const answer = await captchaAnswer(captcha.codeKey);
  await captchaInput(page, lang).fill(answer);
  return answer;
}

// --- the API, with the signed-in user's session -----------------------------------------------------------------

export interface Envelope<T> {
  meta: { success: number; message: string; detail: string };
  data: T;
}

/** The headers that carry the session `cookies` hold, as the console sends them. */
function sessionHeaders(cookies: readonly Cookie[]): Record<string, string> {
  const cookie = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  return {
    'X-Token': cookie('iotyun_token'),
    'X-User': cookie('iotyun_user_id'),
    'X-Tenant': cookie('iotyun_tenant_id'),
  };
}

/** Calls `/api${url}` as the user signed in on `page` (its session cookies); the whole envelope. */
export async function apiCall<T>(
  page: Page,
  method: string,
  url: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const response = await page.request.fetch(`/api${url}`, {
    method,
    headers: sessionHeaders(await page.context().cookies()),
    ...(data === undefined ? {} : { data }),
  });
  return (await response.json()) as Envelope<T>;
}

/** Like apiCall, but throws unless the call succeeded; its data. */
export async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const body = await apiCall<T>(page, method, url, data);
  if (body.meta.success !== 1) throw new Error(`${method} ${url}: ${JSON.stringify(body.meta)}`);
  return body.data;
}

// --- sign-in ---------------------------------------------------------------------------------------------------

/** Opens /login and returns the captcha the page loaded. */
export async function openLogin(page: Page): Promise<{ codeKey: string; img: string }> {
  // Leave the current page first: a login page already open (after a sign-out, say) may still be fetching its own
  // captcha, and that response, read after the navigation below, has no body any more.
  await page.goto('about:blank');
  const captcha = nextCaptcha(page);
  await page.goto('/iotyun/login');
  return captcha;
}

/**
 * The session cookies the login form left, per server, user and password, in this worker: a later signIn of the same
 * user puts them back instead of filling the form again (its page, captcha and production password hash took 2–3 s
 * of every test). What a sign-in shows is tested where it is the subject (auth.spec.ts and the first signIn of each
 * user here); the language, sidebar and tab cookies stay the test's own.
 */
const sessions = new Map<string, Cookie[]>();
const SESSION_COOKIE = /^iotyun_(?!nav_list$|account$)/;

/** Whether `cookies` still hold a live session on the server (a test may have signed out or changed the user). */
async function sessionLives(page: Page, cookies: Cookie[]): Promise<boolean> {
  const response = await page.request.get('/api/yun/user/config', { headers: sessionHeaders(cookies) });
  const body = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  return body?.meta.success === 1;
}

/**
 * Signs in as `username` and ends on the user's default page in the signed-in shell. The first time in a worker
 * through the login form (captcha answered from the server log); after that with the session that sign-in left, as
 * long as the server still accepts it.
 */
/** The console's language for the next page loads of this context (the `lang` cookie the language menu sets). */
export async function setLanguage(page: Page, lang: Lang): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([{ name: 'lang', value: lang, url: `${baseURL}/` }]);
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, lang: Lang = 'zh') {
  const key = JSON.stringify([test.info().project.use.baseURL, username, password]);
  const saved = sessions.get(key);
  const alive = saved !== undefined && (await sessionLives(page, saved));
  if (alive) {
    await page.context().addCookies(saved);
    await page.goto('/iotyun/');
  } else {
    await fillLoginForm(page, username, password, lang);
  }
  // Login → "/" → the default page: wait for a real page (not /login, not the bare base) in the signed-in shell.
  await expect(page).toHaveURL(/\/iotyun\/(?!login\b)[^/?]+/);
  await expect(userMenu(page, lang)).toBeVisible();
  if (!alive)
    sessions.set(
      key,
      (await page.context().cookies()).filter((c) => SESSION_COOKIE.test(c.name)),
    );
}

/** Fills the login form and submits it (captcha answered from the server log). */
async function fillLoginForm(page: Page, username: string, password: string, lang: Lang) {
  const captcha = await openLogin(page);
  await page.getByRole('textbox', { name: t(lang, 'auth.field.username'), exact: true }).fill(username);
  await page.getByRole('textbox', { name: t(lang, 'auth.field.password'), exact: true }).fill(password);
  await solveCaptcha(page, captcha, lang);
  await page.getByRole('button', { name: exactly(t(lang, 'auth.login.submit')) }).click();
}

/**
 * The page's text and the texts of `selectors` (data: names, aliases, screens drawn as their authors wrote them) with
 * the signed-in user's name, read at one moment. Read one after the other, a thumbnail or row drawn in between (later
 * on a busy machine) was in one and not in the other, and its Chinese was taken for an untranslated text.
 */
/** The console's own pushes of a new alarm: the banner (and its announcement for screen readers), the pop-up. */
const LIVE_ALARM_SELECTORS = [
  '.alarm-banner__announce',
  '.alarm-banner__device',
  '.alarm-banner__name',
  '.ant-notification-notice',
];

export async function pageTexts(
  page: Page,
  selectors: readonly string[],
  lang: Lang,
): Promise<{ text: string; data: string[] }> {
  const user = (await userMenu(page, lang).innerText()).trim();
  // A live alarm of the demo may reach any page while it is read: its device and alarm names are data too.
  selectors = [...selectors, ...LIVE_ALARM_SELECTORS];
  const read = await page.evaluate(
    (list) => ({
      text: document.body.innerText,
      data: list.flatMap((selector) =>
        [...document.querySelectorAll<HTMLElement>(selector)].map((node) => node.innerText),
      ),
    }),
    [...selectors],
  );
  return { text: read.text, data: [user, ...read.data].map((s) => s.trim()).filter(Boolean) };
}

/** The text of the user-menu button in the header (the signed-in user's name). */
/**
 * The page is no wider than the screen (tables scroll inside their own container), once its layout has settled: a
 * page that has just been opened or resized may lay out once more (antd's breakpoints answer after the first render).
 */
export async function expectNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `${what}: horizontal overflow` },
    )
    .toBeLessThanOrEqual(0);
}

export function userMenu(page: Page, lang: Lang = 'zh'): Locator {
  return page.getByRole('button', { name: t(lang, 'layout.user.menu') });
}

/** Signs out through the user menu and its confirmation. */
export async function signOut(page: Page, lang: Lang = 'zh') {
  const dialog = page.getByRole('dialog').filter({ hasText: t(lang, 'layout.user.logoutTitle') });
  // A click on the item while the menu still opens was seen lost in CI (the menu stayed open, no confirmation):
  // open the menu and click the item again until the confirmation shows.
  await expect(async () => {
    if (await dialog.isVisible()) return;
    const item = page.getByRole('menuitem', { name: t(lang, 'layout.user.logout') });
    if (!(await item.isVisible())) await userMenu(page, lang).click();
    await item.click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await dialog.getByRole('button', { name: exactly(t(lang, 'layout.user.logout')) }).click();
  await expect(page).toHaveURL(/\/iotyun\/login$/);
}

const HAN_SCRIPT = /\p{Script=Han}/u;

/**
 * The lines of an English page's `text` still holding Chinese once the data texts (aliases, names, regions: what
 * users typed, in any language) are taken out. Longest first, so a data text inside a longer one ("冷链" in the alias
 * "冷链车 A") cannot cut the longer one and leave Chinese behind.
 */
export function chineseOutsideData(text: string, data: readonly string[]): string[] {
  const texts = data.filter((s) => HAN_SCRIPT.test(s)).sort((a, b) => b.length - a.length);
  const uiText = texts.reduce((rest, value) => rest.split(value).join(' '), text);
  return uiText.split('\n').filter((line) => HAN_SCRIPT.test(line));
}

/** Text in the page that looks like an untranslated i18n key (`area.group.key`). */
export const RAW_KEY = /\b[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+\b/;

// --- software packages ------------------------------------------------------------------------------------------

/** One ustar entry: its 512-byte header (checksum filled) and its data padded to 512 bytes. */
function tarEntry(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([header, padded]);
}

/** An iotyun gateway package: a gzip tar of its manifest and one file. */
export function gatewayPackage(version: string, models: string[]): Buffer {
  const manifest = Buffer.from(JSON.stringify({ format: 1, type: 'device', version, models }));
  return gzipSync(
    Buffer.concat([
      tarEntry('iotyun-package.json', manifest),
      tarEntry('payload/iotyun/gateway/agent.py', Buffer.from('print("agent")\n')),
      Buffer.alloc(1024),
    ]),
  );
}

export interface UploadedVersion {
  id: number;
  version: string;
}

/**
 * Uploads a device-end version of `gatewayPackage` for `models` through the API, as the user signed in on `page`, and
 * publishes it (an upload is published); `mode` 1 is forced. Its update content is "提高轮询效率" / "Faster polling".
 */
export async function uploadGatewayVersion(
  page: Page,
  version: string,
  models: string[],
  mode: 0 | 1 = 0,
): Promise<UploadedVersion> {
  const form = new FormData();
  form.append('type', '1');
  form.append('version', version);
  for (const model of models) form.append('models', model);
  form.append('content_zh', '提高轮询效率');
  form.append('content_en', 'Faster polling');
  form.append('mode', String(mode));
  form.append(
    'file',
    new Blob([new Uint8Array(gatewayPackage(version, models))], { type: 'application/gzip' }),
    `gateway-${version}.tar.gz`,
  );
  const response = await page.request.fetch('/api/software/version', {
    method: 'POST',
    headers: sessionHeaders(await page.context().cookies()),
    multipart: form,
  });
  const body = (await response.json()) as Envelope<UploadedVersion>;
  if (body.meta.success !== 1) throw new Error(`upload ${version}: ${JSON.stringify(body.meta)}`);
  return body.data;
}
