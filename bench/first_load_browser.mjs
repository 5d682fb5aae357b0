// The browser half of bench/first_load.py (B5): Debian's Chromium, driven by the Playwright the console's browser
// tests already install (web/node_modules), loads the console's pages with a cold cache and reports every
// JavaScript response it received with the bytes that crossed the wire.
//
// Usage: node bench/first_load_browser.mjs <base url> <user> <password> <accept-encoding>
// Prints one JSON object: { login: [...], loginToIndex: [...], index: [...] }, each a list of
// { url, encoded, decoded, encoding } for the scripts of that step:
//   login        /iotyun/login opened in a fresh browser context (empty cache, no session);
//   loginToIndex what signing in through that form loads on top, up to the home page (/iotyun/index);
//   index        /iotyun/index opened in another fresh context (empty cache) holding the session signed in above.
import { launch } from "./browserlib.mjs";

const [base, user, password, acceptEncoding] = process.argv.slice(2);
if (!base || !user || !password || !acceptEncoding) {
  console.error(
    "usage: node bench/first_load_browser.mjs <base url> <user> <password> <accept-encoding>",
  );
  process.exit(2);
}

const browser = await launch();

/** Scripts the pages asked for so far (settle() watches it). */
let scripts = 0;

/** Records the scripts the page receives until `take()`; encoded = body bytes on the wire (Playwright's sizes()). */
function recorder(page) {
  const pending = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts += 1;
  });
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const headers = response ? await response.allHeaders() : {};
        const body = response
          ? await response.body().catch(() => Buffer.alloc(0))
          : Buffer.alloc(0);
        return {
          url: new URL(request.url()).pathname,
          encoded: sizes.responseBodySize,
          decoded: body.length,
          encoding: headers["content-encoding"] ?? "identity",
        };
      })(),
    );
  });
  return {
    async take() {
      const taken = await Promise.all(pending.splice(0));
      return taken;
    },
  };
}

async function newContext(storageState) {
  // Each context starts with an empty HTTP cache; the header override makes Chromium ask for one encoding only.
  return browser.newContext({
    extraHTTPHeaders: { "Accept-Encoding": acceptEncoding },
    viewport: { width: 1366, height: 768 },
    locale: "zh-CN",
    ...(storageState ? { storageState } : {}),
  });
}

/** Waits until the page has loaded every script it loads by itself: none asked for during a whole second after the
 * network went idle (a chart or a map may ask for its chunk only once its data has arrived). */
async function settle(page) {
  for (let round = 0; round < 30; round += 1) {
    await page.waitForLoadState("networkidle");
    const seen = scripts;
    await page.waitForTimeout(1000);
    if (scripts === seen) return;
  }
  throw new Error(`${page.url()} kept loading scripts`);
}

try {
  const first = await newContext();
  const page = await first.newPage();
  const rec = recorder(page);
  await page.goto(`${base}/iotyun/login`);
  await page.locator('input#username, input[id$="username"]').first().waitFor();
  await settle(page);
  const login = await rec.take();

  await page.locator('input[id$="username"]').first().fill(user);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(/\/iotyun\/index$/, { timeout: 30_000 });
  await settle(page);
  const loginToIndex = await rec.take();
  const session = await first.storageState();
  await first.close();

  const second = await newContext(session);
  const home = await second.newPage();
  const homeRec = recorder(home);
  await home.goto(`${base}/iotyun/index`);
  await settle(home);
  if (!home.url().endsWith("/iotyun/index"))
    throw new Error(`/iotyun/index ended on ${home.url()}`);
  const index = await homeRec.take();
  await second.close();

  process.stdout.write(`${JSON.stringify({ login, loginToIndex, index })}\n`);
} finally {
  await browser.close();
}
