// The browser half of bench/designer.py (B7): Debian's Chromium, driven by the Playwright the console's browser tests
// already install (web/node_modules), signs in through the form and times the screen designer on the screens the
// plan names: opening from a client-side navigation, dragging a selection, saving.
//
// Usage: node bench/designer_browser.mjs <base url> <user> <password> <plan.json>
// The plan: { template_id, screens: { large: [id...], small: [id...] }, elements: { large, small }, group, cold:
// { template_id, screens: {...the same kinds} } }; each list holds copies of one screen, the warm runs' first copy
// opened once before them (the designer's chunks loaded), the cold plan's (a second template: a kind holds at most
// 50 screens) each opened in a fresh context. Prints one JSON object:
//   { large: { open: [ms], save: [ms], fps: [fps], open_cold: ms }, small: { ...the same }, context: {...} }.
import { readFileSync } from "node:fs";
import { launch, sleep } from "./browserlib.mjs";

const [base, user, password, planFile] = process.argv.slice(2);
if (!base || !user || !password || !planFile) {
  console.error(
    "usage: node bench/designer_browser.mjs <base url> <user> <password> <plan.json>",
  );
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planFile, "utf8"));
// The large screen, the baseline and (when the plan has it) the large screen with 100 elements animated.
const KINDS = Object.keys(plan.screens);
/** The drag: the pointer moves DRAG_PX right (and a little down) over DRAG_MS, one move every MOVE_EVERY_MS. */
const DRAG_MS = 1000;
const DRAG_PX = 300;
const MOVE_EVERY_MS = 16;
/** The network is quiet when no request has been open for this long. */
const QUIET_MS = 400;
/** A desktop's screen: the 1920×1080 canvas drawn at the zoom that fits it beside the panels. */
const VIEWPORT = { width: 1920, height: 1080 };

const browser = await launch();

/** Counts the page's open requests, so that a step starts on a quiet console (no query of the previous one left). */
function watchNetwork(page) {
  let open = 0;
  let last = Date.now();
  page.on("request", () => {
    open += 1;
    last = Date.now();
  });
  const done = () => {
    open -= 1;
    last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async function quiet() {
    for (let waited = 0; waited < 30_000; waited += 50) {
      if (open <= 0 && Date.now() - last >= QUIET_MS) return;
      await sleep(50);
    }
    throw new Error(`${page.url()} kept the network busy`);
  };
}

async function newPage(context) {
  const page = await context.newPage();
  return { page, quiet: watchNetwork(page) };
}

/** A client-side navigation (the router's popstate), as a link inside the console makes; resolves when `count`
 * elements are on the designer's canvas (the template list's thumbnails carry the same attribute) and the frame
 * that shows them has been painted: the milliseconds since it began. */
function navigateAndDraw(page, path, count) {
  return page.evaluate(
    ({ path, count }) =>
      new Promise((resolve, reject) => {
        const drawn = () =>
          document.querySelectorAll(".iot-canvas-content [data-element-id]")
            .length >= count;
        performance.clearResourceTimings();
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (!drawn()) return;
          observer.disconnect();
          clearTimeout(timer);
          // The next frame paints what was committed; the task after its callbacks runs once it has.
          requestAnimationFrame(() =>
            setTimeout(() => {
              const ms = performance.now() - t0;
              // The API's answers the page waited for: the last one's end splits the figure in data and drawing.
              const api = performance
                .getEntriesByType("resource")
                .filter(
                  (e) => e.name.includes("/api/") && e.responseEnd - t0 < ms,
                );
              const dataMs = Math.max(0, ...api.map((e) => e.responseEnd - t0));
              // Every request of the opening, relative to its start: the waterfall (PROFILE_DIR keeps it).
              const timeline = performance
                .getEntriesByType("resource")
                .map((e) => ({
                  name: e.name.replace(location.origin, ""),
                  start: Math.round(e.startTime - t0),
                  end: Math.round(e.responseEnd - t0),
                  kb: Math.round(e.transferSize / 102.4) / 10,
                }));
              resolve({ ms, dataMs, requests: timeline.length, timeline });
            }, 0),
          );
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(
            new Error(
              `${path}: ${document.querySelectorAll(".iot-canvas-content [data-element-id]").length} of ${count} drawn`,
            ),
          );
        }, 60_000);
        observer.observe(document.body, { childList: true, subtree: true });
        history.pushState(null, "", path);
        dispatchEvent(new PopStateEvent("popstate", { state: null }));
      }),
    { path, count },
  );
}

/** Client-side navigation to a console page, left when it is drawn (`ready` shows), the network is quiet and the
 * main thread idle: a user clicks on a page he sees. (Quiet alone was not enough: the overview asks nothing it holds
 * already, and its first render was seen still running when the designer's opening began, its 90 ms counted in.) */
async function goTo(tab, path, ready) {
  await tab.page.evaluate((path) => {
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await tab.page.waitForURL((url) => url.pathname === path);
  await tab.page.locator(ready).first().waitFor({ state: "visible" });
  await tab.quiet();
  await settle(tab.page);
}

/** Resolves once two frames have been painted and the main thread has had an idle moment. */
function settle(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            requestIdleCallback(() => resolve(undefined), { timeout: 2000 }),
          ),
        ),
      ),
  );
}

const overview = `/iotyun/templateMiddleware/id=${plan.template_id}`;
/** The overview is drawn: its header names the template. */
const OVERVIEW_READY = ".tpl-page .tpl-detail__name";
const designer = (id) => `/iotyun/designConfigure/id=${id}`;

/** Opens the screen from the template's overview: milliseconds to all its elements drawn. */
async function open(tab, screenId, count) {
  await goTo(tab, overview, OVERVIEW_READY);
  const opened = await navigateAndDraw(tab.page, designer(screenId), count);
  await tab.quiet();
  return opened;
}

/** The drag: a click on the element selects it (a group member: the whole group), then a press on it and moves
 * every MOVE_EVERY_MS for DRAG_MS while the page counts its animation frames. Frames per second over the moves. */
async function drag(tab, elementId) {
  const { page } = tab;
  const node = page.locator(
    `.iot-canvas-content [data-element-id="${elementId}"]`,
  );
  // The canvas fits the screen into the view once it has measured itself: wait for the element to show.
  await node.waitFor({ state: "visible" });
  const box = await node.boundingBox();
  if (!box) {
    await page.screenshot({ path: `/tmp/wt-bench-drag-${elementId}.png` });
    throw new Error(
      `element ${elementId} is not on screen (${page.url()}, ${await node.count()} found)`,
    );
  }
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  // The selection is drawn (the handles frame it) in the frames after the click.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      ),
  );
  await tab.quiet();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__benchFrames = [];
    w.__benchCounting = true;
    const tick = (t) => {
      w.__benchFrames.push(t);
      if (w.__benchCounting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const start = Date.now();
  let moves = 0;
  for (let elapsed = 0; elapsed <= DRAG_MS; elapsed = Date.now() - start) {
    const f = elapsed / DRAG_MS;
    await page.mouse.move(x + DRAG_PX * f, y + (DRAG_PX / 8) * f);
    moves += 1;
    const next =
      (Math.floor((Date.now() - start) / MOVE_EVERY_MS) + 1) * MOVE_EVERY_MS;
    await sleep(Math.max(0, next - (Date.now() - start)));
  }
  const frames = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__benchCounting = false;
    return w.__benchFrames;
  });
  await page.mouse.up();
  // The gesture's end writes the document once: the Save button turns dirty.
  await page.locator('button[data-dirty="true"]').waitFor();
  // The element moved with the pointer and was not resized (a press on a handle instead of the element). How far is
  // not held to the pointer's 300 px: on a busy machine a drag was seen to end short of it.
  const after = await node.boundingBox();
  if (
    !after ||
    after.x - box.x < DRAG_PX / 10 ||
    Math.abs(after.width - box.width) > 1
  ) {
    await page.screenshot({ path: `/tmp/wt-bench-drag-${elementId}.png` });
    throw new Error(
      `element ${elementId} did not move with the drag: ${JSON.stringify([box, after])}`,
    );
  }
  await tab.quiet();
  const span = (frames.at(-1) - frames[0]) / 1000;
  let longest = 0;
  for (let i = 1; i < frames.length; i += 1)
    longest = Math.max(longest, frames[i] - frames[i - 1]);
  return { fps: (frames.length - 1) / span, longestFrameMs: longest, moves };
}

/** A press on Save: milliseconds from the press to the toolbar showing saved (the button clean, not loading) and
 * the frame that shows it painted. */
async function save(tab) {
  const { page } = tab;
  const timed = page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const button = document.querySelector("button[data-dirty]");
        if (!button) return reject(new Error("no Save button"));
        performance.clearResourceTimings();
        let t0 = null;
        button.addEventListener(
          "pointerdown",
          (event) => (t0 = event.timeStamp),
          { once: true, capture: true },
        );
        const shown = () =>
          t0 !== null &&
          button.getAttribute("data-dirty") === "false" &&
          !button.classList.contains("ant-btn-loading");
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            setTimeout(() => {
              const done = performance.now();
              const put = performance
                .getEntriesByType("resource")
                .filter(
                  (e) =>
                    e.name.includes("/api/yun/module/view/design") &&
                    e.startTime >= t0,
                )
                .at(0);
              resolve({
                ms: done - t0,
                // Before the request left, the server's answer (the request's whole span), after it came.
                beforeMs: put ? put.startTime - t0 : null,
                requestMs: put ? put.responseEnd - put.startTime : null,
                afterMs: put ? done - put.responseEnd : null,
              });
            }, 0),
          );
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error("the save did not finish"));
        }, 60_000);
        observer.observe(button, { attributes: true, subtree: true });
      }),
  );
  await page.locator('button[data-dirty="true"]').click();
  const saved = await timed;
  await tab.quiet();
  return saved;
}

/** The element a drag presses: a member of the large screen's group, the small screen's one element. */
const PRESSED = {
  large: `e${plan.elements.large - plan.group + 1}`,
  small: "e1",
  animated: `e${plan.elements.large - plan.group + 1}`,
};

try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: "zh-CN",
  });
  const main = await newPage(context);
  await main.page.goto(`${base}/iotyun/login`);
  await main.page.locator('input[id$="username"]').first().fill(user);
  await main.page.locator('input[type="password"]').first().fill(password);
  await main.page.locator('button[type="submit"]').first().click();
  await main.page.waitForURL(/\/iotyun\/index$/, { timeout: 30_000 });
  await main.quiet();
  const session = await context.storageState();

  const perKind = () => Object.fromEntries(KINDS.map((kind) => [kind, []]));
  const context_ = {
    open_data_ms: perKind(),
    save_request_ms: perKind(),
    save_after_response_ms: perKind(),
    drag_longest_frame_ms: perKind(),
    drag_moves: perKind(),
  };
  const report = Object.fromEntries(
    KINDS.map((kind) => [kind, { open: [], save: [], fps: [] }]),
  );

  // Cold: each opening in a fresh context (no HTTP or query cache), the kinds in turn, on the cold plan's copies
  // (a second template). Two ways in: from the template's overview, the page the designer is opened from (it
  // fetches the designer's code once it has drawn and the browser is idle), and from the template list, where
  // nothing of the designer has been fetched: its chunks are fetched and compiled after the click.
  const cold = plan.cold.screens.large.length / 2;
  const coldOverview = `/iotyun/templateMiddleware/id=${plan.cold.template_id}`;
  const WAYS = [
    { key: "open_cold", path: coldOverview, ready: OVERVIEW_READY, first: 0 },
    {
      key: "open_cold_direct",
      path: "/iotyun/configureManage/devTemplate",
      ready: ".tpl-list",
      first: cold,
    },
  ];
  context_.open_cold_requests = {};
  for (const way of WAYS) {
    context_[`${way.key}_data_ms`] = {};
    for (const kind of KINDS) {
      report[kind][way.key] = [];
      context_[`${way.key}_data_ms`][kind] = [];
    }
  }
  for (let n = 0; n < cold; n += 1) {
    for (const way of WAYS) {
      for (const kind of KINDS) {
        const fresh = await browser.newContext({
          viewport: VIEWPORT,
          locale: "zh-CN",
          storageState: session,
        });
        const tab = await newPage(fresh);
        await tab.page.goto(`${base}${way.path}`);
        await tab.page.locator(way.ready).first().waitFor({ state: "visible" });
        await tab.quiet();
        await settle(tab.page);
        // PROFILE_DIR: the first cold opening of the large screen each way is recorded (a CPU profile, a trace and
        // the requests).
        const profiling =
          process.env.PROFILE_DIR && n === 0 && kind === "large";
        const cdp = profiling ? await fresh.newCDPSession(tab.page) : null;
        const prefix = `${process.env.PROFILE_DIR}/${way.key}`;
        if (cdp) {
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          await cdp.send("Profiler.start");
          await browser.startTracing(tab.page, {
            path: `${prefix}.trace.json`,
            categories: [
              "devtools.timeline",
              "disabled-by-default-devtools.timeline",
              "v8.execute",
              "v8",
            ],
          });
        }
        const screen = plan.cold.screens[kind][way.first + n];
        const opened = await navigateAndDraw(
          tab.page,
          designer(screen),
          plan.elements[kind],
        );
        if (cdp) {
          await browser.stopTracing();
          const { profile } = await cdp.send("Profiler.stop");
          const { writeFileSync } = await import("node:fs");
          writeFileSync(`${prefix}.cpuprofile`, JSON.stringify(profile));
          writeFileSync(
            `${prefix}.requests.json`,
            JSON.stringify(opened.timeline, null, 1),
          );
        }
        report[kind][way.key].push(opened.ms);
        context_[`${way.key}_data_ms`][kind].push(Math.round(opened.dataMs));
        context_.open_cold_requests[`${way.key}:${kind}`] = opened.requests;
        await fresh.close();
      }
    }
  }

  // Warm: the console's tab opens the designer once (the small screen's first copy) before the runs.
  await main.page.goto(`${base}${overview}`);
  await main.quiet();
  await open(main, plan.screens.small[0], plan.elements.small);

  for (let run = 1; run < plan.screens.large.length; run += 1) {
    for (const kind of KINDS) {
      const opened = await open(
        main,
        plan.screens[kind][run],
        plan.elements[kind],
      );
      report[kind].open.push(opened.ms);
      context_.open_data_ms[kind].push(Math.round(opened.dataMs));
      const moved = await drag(main, PRESSED[kind]);
      report[kind].fps.push(moved.fps);
      context_.drag_longest_frame_ms[kind].push(
        Math.round(moved.longestFrameMs),
      );
      context_.drag_moves[kind].push(moved.moves);
      const saved = await save(main);
      report[kind].save.push(saved.ms);
      context_.save_request_ms[kind].push(Math.round(saved.requestMs ?? -1));
      context_.save_after_response_ms[kind].push(
        Math.round(saved.afterMs ?? -1),
      );
    }
  }
  report.context = context_;
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await browser.close();
}
