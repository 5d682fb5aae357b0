// The browser half of bench/dashboard.py (B6): Debian's Chromium, driven by the Playwright the console's browser tests
// already install (web/node_modules), signs in through the form and opens the plan's dashboards in the console's
// presentation (/iotyun/dashboard/view?id=), each in a new tab: a full page load with the console's files cached.
// Per opening it stamps, in the page, when every card is drawn (checked once per animation frame, see below) and when
// that frame is painted, notes the long tasks (PerformanceObserver 'longtask', observing from the document's start)
// and counts the statistic requests (page.on('request')). Then, per dashboard, it measures the main thread's busy
// share while the values flow (CDP Performance.getMetrics TaskDuration over wall time, as CPU time and as wall time).
//
// A card is drawn when it holds no loading state (antd's skeleton or spinner, a widget's data-state="loading",
// aria-busy) and its widget's content is there: a report its chart's canvas with pixels painted; a configuration
// the screen's elements with the marker value display showing a number; the map its markers; a tree its nodes; the
// weather, the time and a text their blocks; a fault list its rows or its empty state; a network monitor its
// figures; the container its tab's widget; the toggle its nested dashboard's card.
//
// Usage: node bench/dashboard_browser.mjs <base url> <user> <password> <plan.json>
// The plan: { dashboards: { candidate: { id, cards: [{id, type}] }, baseline: {...} }, screen_elements,
// marker_element, runs, seconds }. Prints one JSON object:
//   { cold: { candidate: opening, baseline: opening }, candidate: [opening], baseline: [opening],
//     live: { candidate: phase, baseline: phase } }
// an opening being { interactive_ms, drawn_ms, data_ms, dashboard_ms, longest_task_ms, long_tasks, long_task_ms,
// tasks_over_200, statistic_requests, report_info_requests, api_requests, card_ms: {card id: ms}, card_waited:
// {card id: what it last waited for}, main_thread:
// { task_ms, script_ms, style_layout_ms } (CPU time from navigation to interactive, CDP thread ticks) }, a phase
// { busy, script, layout (CPU time shares), busy_wall, script_wall, layout_wall (wall time shares), seconds,
// frames_per_s, longest_task_ms, long_tasks, statistic_requests, ws_frames }.
import { writeFileSync } from "node:fs";
import {
  busyShares,
  launch,
  metricsOf,
  planArguments,
  sleep,
  writeSelfTime,
} from "./browserlib.mjs";

const { base, user, password, plan } = planArguments("dashboard_browser.mjs");
const VIEWPORT = { width: 1920, height: 1080 };
/** What an opening counts after interactive: late long tasks, requests and chart animations. */
const SETTLE_MS = 2000;
/** Values flowing on the dashboard this long before its busy share is measured. */
const WARMUP_MS = 3000;
/** An opening that has not drawn every card by then has failed. */
const DRAWN_TIMEOUT_MS = 60_000;
const LONG_TASK_MS = 200;
/** With B6_PROFILE=<file prefix>: for one more opening of the candidate (<prefix>-open.*) and for its live window
 * (<prefix>-live.*), a CPU profile (.cpuprofile), the trace (.trace.json, for the Performance panel), the main
 * thread's trace events summed by name with its long tasks' contents (.trace.txt), the profile's self time by
 * function (.self.txt); the opening's resources with their times (.requests.json), the live window's screenshot
 * (.png). Diagnostics: the figures of those runs are not reported. */
const PROFILE = process.env.B6_PROFILE;

const browser = await launch();

/** Before any of the console's scripts, in every document of the tab: the long tasks, the values frames, and on the
 * dashboard page a check once per animation frame of every card, until all are drawn. */
function instrument(expect) {
  const b6 = {
    tasks: [],
    wsFrames: 0,
    cardAt: {},
    failed: {},
    waiting: {},
    drawnAt: null,
    interactiveAt: null,
  };
  window.__b6 = b6;
  performance.setResourceTimingBufferSize(5000);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b6.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long task timing: the opening says so (no_long_task_timing) and bench/dashboard.py refuses the run.
    b6.noLongTasks = true;
  }
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => {
        b6.wsFrames += 1;
      });
    }
  };
  if (!location.pathname.endsWith("/dashboard/view")) return;

  const LOADING =
    '.ant-skeleton, [data-state="loading"], [aria-busy="true"], .ant-spin-spinning';
  const FAILED =
    '[data-state="error"], [data-state="gone"], .ant-result-error, .ant-result-warning, .dbv-card__error';
  const painted = new WeakSet();
  const hasPixels = (canvas) => {
    if (painted.has(canvas)) return true;
    if (!canvas.width || !canvas.height) return false;
    const context = canvas.getContext("2d");
    if (!context) return false;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 16) {
      if (data[i] !== 0) {
        painted.add(canvas);
        return true;
      }
    }
    return false;
  };
  const content = {
    report: (node) => {
      const canvas = node.querySelector("canvas");
      return canvas !== null && hasPixels(canvas);
    },
    configuration: (node) => {
      if (
        node.querySelectorAll("[data-element-id]").length <
        expect.screenElements
      )
        return false;
      const text =
        node.querySelector(`[data-element-id="${expect.marker}"]`)
          ?.textContent ?? "";
      return Number.isFinite(Number.parseFloat(text));
    },
    map: (node) => node.querySelector(".leaflet-marker-icon") !== null,
    deviceTree: (node) => node.querySelector(".ant-tree-treenode") !== null,
    groupTree: (node) => node.querySelector(".ant-tree-treenode") !== null,
    weather: (node) => node.querySelector(".dbw-weather") !== null,
    time: (node) => node.querySelector(".dbw-time") !== null,
    text: (node) => node.querySelector(".dbw-text") !== null,
    fault: (node) =>
      node.querySelector('.dw-fault__list, .dw-fault [data-state="empty"]') !==
      null,
    netMonitor: (node) => node.querySelector(".dw-net__traffic") !== null,
    container: (node) =>
      node.querySelector('.dbw-tabs__panel [data-testid^="widget-"]') !== null,
    dashboardToggle: (node) =>
      node.querySelector(".dbv-canvas .dbv-card .dbw-text") !== null,
  };
  const check = () => {
    const canvas = document.querySelector(".dbpage .dbv-canvas");
    if (canvas) {
      const now = performance.now();
      let all = true;
      for (const card of expect.cards) {
        const node = canvas.querySelector(
          `:scope > [data-card-id="${card.id}"]`,
        );
        const failure = node?.querySelector(FAILED);
        if (failure) b6.failed[card.id] = failure.textContent;
        const loading = node?.querySelector(LOADING);
        const drawn =
          node !== null &&
          !loading &&
          (content[card.type] ?? (() => true))(node);
        if (drawn && b6.cardAt[card.id] === undefined) b6.cardAt[card.id] = now;
        // Why a card is not drawn yet, kept from its last frame undrawn (a diagnostic).
        if (!drawn)
          b6.waiting[card.id] = !node
            ? "no card"
            : loading
              ? `loading ${loading.className}`.slice(0, 60)
              : "no content";
        all = all && drawn;
      }
      if (all) {
        b6.drawnAt = now;
        // Queued from this frame's callbacks: runs once this frame is painted and the main thread is free.
        setTimeout(() => {
          b6.interactiveAt = performance.now();
        }, 0);
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The plan's expectations for one dashboard, for the page. */
function expectOf(which) {
  return {
    cards: plan.dashboards[which].cards,
    screenElements: plan.screen_elements,
    marker: plan.marker_element,
  };
}

const viewUrl = (which) =>
  `${base}/iotyun/dashboard/view?id=${plan.dashboards[which].id}`;

/** Waits for the page's interactive stamp; on a timeout, says which cards were not drawn and keeps a screenshot. */
async function interactive(page, which) {
  try {
    await page.waitForFunction(() => window.__b6?.interactiveAt != null, null, {
      timeout: DRAWN_TIMEOUT_MS,
      polling: 100,
    });
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        drawn: window.__b6?.cardAt,
        failed: window.__b6?.failed,
      }))
      .catch(() => null);
    const missing = plan.dashboards[which].cards
      .filter((c) => state?.drawn?.[c.id] === undefined)
      .map((c) => `${c.id} (${c.type})`);
    await page.screenshot({ path: `/tmp/b6-${which}.png` }).catch(() => {});
    throw new Error(
      `${which}: not every card drawn within ${DRAWN_TIMEOUT_MS} ms; never drawn: ${missing.join(", ")}; ` +
        `failed: ${JSON.stringify(state?.failed)} (screenshot /tmp/b6-${which}.png): ${error.message}`,
    );
  }
  return page.evaluate(() => window.__b6.interactiveAt);
}

// --- profiling (B6_PROFILE) ----------------------------------------------------------------------------------------

async function startProfile(cdp) {
  const events = [];
  cdp.on("Tracing.dataCollected", (data) => events.push(...data.value));
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await cdp.send("Tracing.start", {
    categories:
      "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing",
    transferMode: "ReportEvents",
  });
  return events;
}

async function stopProfile(cdp, events, prefix) {
  const finished = new Promise((resolve) =>
    cdp.once("Tracing.tracingComplete", resolve),
  );
  await cdp.send("Tracing.end");
  await finished;
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`${prefix}.cpuprofile`, JSON.stringify(profile));
  // The whole trace, for the Performance panel (Load profile) or a script.
  writeFileSync(
    `${prefix}.trace.json`,
    JSON.stringify({ traceEvents: events }),
  );
  const main = new Set(
    events
      .filter(
        (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain",
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const totals = {};
  const tasks = [];
  for (const e of events) {
    if (e.ph !== "X" || !main.has(`${e.pid}:${e.tid}`)) continue;
    totals[e.name] = (totals[e.name] ?? 0) + (e.dur ?? 0) / 1000;
    if (e.name === "RunTask" && e.dur >= 50_000) tasks.push(e);
  }
  const top = Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms  ${name}`);
  // The long tasks, each with what ran inside it (the trace's events nested in its span), the largest first.
  const nested = tasks.map((task) => {
    const inside = {};
    for (const e of events) {
      if (
        e.ph !== "X" ||
        e.pid !== task.pid ||
        e.tid !== task.tid ||
        e === task
      )
        continue;
      if (e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur) continue;
      const key =
        e.name === "FunctionCall"
          ? `FunctionCall ${e.args?.data?.url?.split("/").pop() ?? ""}`
          : e.name;
      inside[key] = (inside[key] ?? 0) + (e.dur ?? 0) / 1000;
    }
    const parts = Object.entries(inside)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(", ");
    return `${(task.dur / 1000).toFixed(0).padStart(6)} ms task: ${parts}`;
  });
  writeFileSync(
    `${prefix}.trace.txt`,
    `${top.join("\n")}\n\nlong tasks (≥ 50 ms):\n${nested.join("\n")}\n`,
  );
  writeSelfTime(profile, prefix);
}

// --- an opening -------------------------------------------------------------------------------------------------

/** Opens dashboard `which` in a new tab and measures the opening (see the header). */
async function opening(context, which, profilePrefix = null) {
  const page = await context.newPage();
  await page.addInitScript(instrument, expectOf(which));
  const requests = [];
  page.on("request", (request) => requests.push([Date.now(), request.url()]));
  // A same-origin document first, so that the dashboard's navigation stays in this renderer and the main thread's
  // task time can be read across it.
  await page.goto(`${base}/api/yun/sys/info/timestamp`);
  requests.length = 0;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const events = profilePrefix ? await startProfile(cdp) : null;
  const before = metricsOf(await cdp.send("Performance.getMetrics"));
  await page.goto(viewUrl(which), { waitUntil: "commit" });
  const at = await interactive(page, which);
  const after = metricsOf(await cdp.send("Performance.getMetrics"));
  // The main thread's CPU time from navigation to (about) interactive, in ms, and its parts.
  const cpu = (name) => Math.round((after[name] - before[name]) * 1000);
  const mainThread = {
    task_ms: cpu("TaskDuration"),
    script_ms: cpu("ScriptDuration"),
    style_layout_ms: cpu("RecalcStyleDuration") + cpu("LayoutDuration"),
  };
  await page.waitForFunction(
    (until) => performance.now() >= until,
    at + SETTLE_MS,
    {
      polling: 100,
    },
  );
  const data = await page.evaluate(
    ({ settle, long }) => {
      const b6 = window.__b6;
      const until = b6.interactiveAt + settle;
      const tasks = b6.tasks.filter(([start]) => start <= until);
      const api = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.includes("/api/") && e.responseEnd <= b6.drawnAt);
      const detail = api.find((e) =>
        e.name.includes("/api/yun/dashboard/detail"),
      );
      return {
        origin: performance.timeOrigin,
        until,
        interactive_ms: b6.interactiveAt,
        drawn_ms: b6.drawnAt,
        data_ms: Math.max(0, ...api.map((e) => e.responseEnd)),
        dashboard_ms: detail ? detail.responseEnd : -1,
        longest_task_ms: Math.max(0, ...tasks.map(([, d]) => d)),
        long_tasks: tasks.length,
        long_task_ms: tasks.reduce((sum, [, d]) => sum + d, 0),
        tasks_over_200: tasks.filter(([, d]) => d > long).length,
        no_long_task_timing: b6.noLongTasks ?? false,
        card_ms: Object.fromEntries(
          Object.entries(b6.cardAt).map(([id, ms]) => [id, Math.round(ms)]),
        ),
        card_waited: b6.waiting,
      };
    },
    { settle: SETTLE_MS, long: LONG_TASK_MS },
  );
  if (events) {
    await stopProfile(cdp, events, profilePrefix);
    // Every resource the opening fetched, with its times (ms since navigation start).
    const resources = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => ({
        name: e.name.replace(location.origin, ""),
        start: Math.round(e.startTime),
        sent: Math.round(e.requestStart),
        first_byte: Math.round(e.responseStart),
        end: Math.round(e.responseEnd),
      })),
    );
    writeFileSync(
      `${profilePrefix}.requests.json`,
      JSON.stringify({ ...data, resources }, null, 1),
    );
  }
  await page.close();
  const end = data.origin + data.until;
  const counted = requests
    .filter(([when]) => when <= end)
    .map(([, url]) => url);
  const { origin, until, ...figures } = data;
  return {
    ...figures,
    main_thread: mainThread,
    statistic_requests: counted.filter((u) =>
      u.includes("/api/yun/report/statistic"),
    ).length,
    report_info_requests: counted.filter((u) =>
      u.includes("/api/yun/report/info"),
    ).length,
    api_requests: counted.filter((u) => u.includes("/api/")).length,
  };
}

// --- the live window ----------------------------------------------------------------------------------------------

/** Opens dashboard `which`, lets values flow WARMUP_MS, then measures its main thread for two windows of
 * plan.seconds: as wall time (time ticks), then as CPU time (thread ticks). */
async function live(context, which, profilePrefix = null) {
  const page = await context.newPage();
  await page.addInitScript(instrument, expectOf(which));
  let statistic = 0;
  let counting = false;
  page.on("request", (request) => {
    if (counting && request.url().includes("/api/yun/report/statistic"))
      statistic += 1;
  });
  const cdp = await context.newCDPSession(page);
  await page.goto(viewUrl(which), { waitUntil: "commit" });
  await interactive(page, which);
  await sleep(WARMUP_MS);
  const events = profilePrefix ? await startProfile(cdp) : null;
  await page.evaluate(() => {
    const b6 = window.__b6;
    b6.tasks.length = 0;
    b6.wsFrames = 0;
    b6.rafs = 0;
    const count = () => {
      b6.rafs += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
  });
  counting = true;
  const started = Date.now();
  const sample = (timeDomain) => busyShares(cdp, plan.seconds, timeDomain);
  const wallTicks = await sample("timeTicks");
  const cpuTicks = await sample("threadTicks");
  const seconds = (Date.now() - started) / 1000;
  counting = false;
  const data = await page.evaluate(() => {
    const b6 = window.__b6;
    return {
      rafs: b6.rafs,
      longest: Math.max(0, ...b6.tasks.map(([, d]) => d)),
      tasks: b6.tasks.length,
      ws: b6.wsFrames,
    };
  });
  if (events) {
    await stopProfile(cdp, events, profilePrefix);
    await page.screenshot({ path: `${profilePrefix}.png` });
  }
  await page.close();
  return {
    busy: cpuTicks.busy,
    script: cpuTicks.script,
    layout: cpuTicks.layout,
    busy_wall: wallTicks.busy,
    script_wall: wallTicks.script,
    layout_wall: wallTicks.layout,
    seconds,
    frames_per_s: data.rafs / seconds,
    longest_task_ms: data.longest,
    long_tasks: data.tasks,
    statistic_requests: statistic,
    ws_frames: data.ws,
  };
}

try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: "zh-CN",
  });
  const login = await context.newPage();
  await login.goto(`${base}/iotyun/login`);
  await login.locator('input[id$="username"]').first().fill(user);
  await login.locator('input[type="password"]').first().fill(password);
  await login.locator('button[type="submit"]').first().click();
  await login.waitForURL(/\/iotyun\/index$/, { timeout: 30_000 });
  await login.close();

  const KINDS = ["candidate", "baseline"];
  // Unmeasured first openings: the console's chunks into the HTTP cache (reported as context).
  const cold = {};
  for (const which of KINDS) cold[which] = await opening(context, which);
  const report = { cold, candidate: [], baseline: [] };
  for (let run = 0; run < plan.runs; run += 1) {
    for (const which of run % 2 ? [...KINDS].reverse() : KINDS)
      report[which].push(await opening(context, which));
  }
  if (PROFILE) await opening(context, "candidate", `${PROFILE}-open`);
  report.live = {};
  for (const which of KINDS)
    report.live[which] = await live(
      context,
      which,
      PROFILE && which === "candidate" ? `${PROFILE}-live` : null,
    );
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await browser.close();
}
