// The browser half of bench/runtime.py (B8): Debian's Chromium, driven by the Playwright the console's browser tests
// already install (web/node_modules), signs in through the form, opens the configuration monitor on the plan's device
// and, on its 500-element screen and then on its one-element screen, measures while the publisher sends values:
// the main thread's busy share (CDP Performance.getMetrics TaskDuration over wall time, as CPU time and as wall
// time, one window each), the arrival of each values
// frame (a 'message' listener on the page's WebSocket, added before the console's own handler) and the moment the
// marker element shows the batch's number (a MutationObserver). Times are epoch ms (performance.timeOrigin + now).
//
// Usage: node bench/runtime_browser.mjs <base url> <user> <password> <plan.json>
// The plan: { device_id, marker_source, marker_element, screens: { large, animated, small } (names), elements: {...},
// animated_elements,
// seconds }. Prints one JSON object: { large: phase, animated: phase, small: phase }, a phase being
//   { busy, script, layout (CPU time shares), busy_wall, script_wall, layout_wall (wall time shares), start, end,
//     rafs, longest_task_ms, frames: [[value, ms]...], repaints: [[value, ms]...], painted: [[value, ms]...] }.
import { writeFileSync } from "node:fs";
import {
  busyShares,
  launch,
  planArguments,
  sleep,
  writeSelfTime,
} from "./browserlib.mjs";

const { base, user, password, plan } = planArguments("runtime_browser.mjs");
const VIEWPORT = { width: 1920, height: 1080 };
/** Values flowing on the screen this long before each measurement. */
const WARMUP_MS = 3000;

const browser = await launch();

/** Before any of the console's scripts: every WebSocket notes, first, when a frame carrying the marker arrives. */
function recordFrames(marker) {
  const b8 = { frames: [], repaints: [], rafs: 0, observer: null };
  window.__b8 = b8;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const at = performance.timeOrigin + performance.now();
        if (typeof event.data !== "string" || !event.data.includes('"values"'))
          return;
        const message = JSON.parse(event.data);
        if (message.type !== "values" && message.type !== "snapshot") return;
        const found = message.values.find((value) => value.id === marker);
        if (found) b8.frames.push([found.v, at]);
      });
    }
  };
  const count = () => {
    b8.rafs += 1;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
}

/** Watches the marker element's text: each new number is stamped once, when the DOM shows it. */
function watchMarker(elementId) {
  const b8 = window.__b8;
  const screen = document.querySelector(".iot-screen");
  const marker = document.querySelector(`[data-element-id="${elementId}"]`);
  let last = null;
  b8.observer?.disconnect();
  // The frame that paints a change: a message posted from the next animation frame callback after the change is
  // handled once that frame's style, layout and paint are done. A change made in a task between frames is painted by
  // that next frame; a change made inside a frame's callbacks was painted by that frame already, so for it this counts
  // one frame more (an upper bound).
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    b8.painted.push([event.data, performance.timeOrigin + performance.now()]);
  };
  b8.observer = new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    const number = Number.parseFloat(marker.textContent ?? "");
    if (Number.isFinite(number) && number !== last) {
      last = number;
      b8.repaints.push([number, at]);
      requestAnimationFrame(() => channel.port2.postMessage(number));
    }
  });
  b8.observer.observe(screen, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  b8.frames.length = 0;
  b8.repaints.length = 0;
  b8.painted = [];
  b8.rafs = 0;
  return performance.timeOrigin + performance.now();
}

/** Waits for `count` elements on the screen, the marker showing a number. */
async function drawn(page, count, animated = 0) {
  await page.waitForFunction(
    ({ count, animated, marker }) => {
      const shown = document.querySelectorAll(
        ".iot-screen [data-element-id]",
      ).length;
      // The animated screen has the large one's element ids: it is drawn when its animated wrappers are.
      const moving = document.querySelectorAll(".iot-screen .iot-anim").length;
      const text =
        document.querySelector(`[data-element-id="${marker}"]`)?.textContent ??
        "";
      return (
        shown === count &&
        moving === animated &&
        Number.isFinite(Number.parseFloat(text))
      );
    },
    { count, animated, marker: plan.marker_element },
    { timeout: 60_000, polling: 200 },
  );
}

/** With B8_PROFILE=<file prefix>: a CPU profile and the main thread's trace events of the 500-element screen's
 * measurement, summed by name (a diagnostic for the runtime's hot path; the figures of that run are not reported). */
const PROFILE = process.env.B8_PROFILE;

async function profiled(cdp, run) {
  const events = [];
  cdp.on("Tracing.dataCollected", (data) => events.push(...data.value));
  const finished = new Promise((resolve) =>
    cdp.once("Tracing.tracingComplete", resolve),
  );
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await cdp.send("Tracing.start", {
    categories:
      "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute",
    transferMode: "ReportEvents",
  });
  const result = await run();
  await cdp.send("Tracing.end");
  await finished;
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`${PROFILE}.cpuprofile`, JSON.stringify(profile));
  const main = new Set(
    events
      .filter(
        (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain",
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const totals = {};
  for (const e of events) {
    if (e.ph !== "X" || !main.has(`${e.pid}:${e.tid}`)) continue;
    totals[e.name] = (totals[e.name] ?? 0) + (e.dur ?? 0) / 1000;
  }
  const top = Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms  ${name}`);
  writeFileSync(`${PROFILE}.trace.txt`, top.join("\n") + "\n");
  // Self time by function from the CPU profile.
  writeSelfTime(profile, PROFILE);
  return result;
}

async function measure(page, cdp) {
  await sleep(WARMUP_MS);
  await page.evaluate(() => {
    window.__b8.longest = 0;
    window.__b8.tasks?.disconnect();
    window.__b8.tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__b8.longest = Math.max(window.__b8.longest, entry.duration);
    });
    window.__b8.tasks.observe({ type: "longtask" });
  });
  const start = await page.evaluate(watchMarker, plan.marker_element);
  // Two windows of plan.seconds: the main thread's task time as wall time (time ticks: what a user waits through,
  // stretched when the machine's other processes take the cores), then as its CPU time (thread ticks).
  const sample = (timeDomain) => busyShares(cdp, plan.seconds, timeDomain);
  const wallTicks = await sample("timeTicks");
  const cpuTicks = await sample("threadTicks");
  const data = await page.evaluate(() => {
    const b8 = window.__b8;
    b8.observer?.disconnect();
    return {
      end: performance.timeOrigin + performance.now(),
      frames: b8.frames.slice(),
      repaints: b8.repaints.slice(),
      painted: b8.painted.slice(),
      rafs: b8.rafs,
      longest: b8.longest,
    };
  });
  return {
    busy: cpuTicks.busy,
    script: cpuTicks.script,
    layout: cpuTicks.layout,
    busy_wall: wallTicks.busy,
    script_wall: wallTicks.script,
    layout_wall: wallTicks.layout,
    start,
    end: data.end,
    rafs: data.rafs,
    longest_task_ms: data.longest,
    frames: data.frames,
    repaints: data.repaints,
    painted: data.painted,
  };
}

try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: "zh-CN",
  });
  const page = await context.newPage();
  await page.addInitScript(recordFrames, plan.marker_source);
  await page.goto(`${base}/iotyun/login`);
  await page.locator('input[id$="username"]').first().fill(user);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(/\/iotyun\/index$/, { timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(
    `${base}/iotyun/configureMonitor?device_id=${plan.device_id}`,
  );
  await drawn(page, plan.elements.large);
  const large = PROFILE
    ? await profiled(cdp, () => measure(page, cdp))
    : await measure(page, cdp);

  // The same screen with 100 elements animated (issue 30 point 12), then the baseline.
  await page
    .locator(".devscreens__switch")
    .getByText(plan.screens.animated, { exact: true })
    .click();
  await drawn(page, plan.elements.animated, plan.animated_elements);
  const animated = await measure(page, cdp);

  // The same screen with a 3D model over it (issue 38 point 7), measured once the model is drawn: its canvas holds
  // a WebGL context and its meshes report their colours (components/model3d: data-mesh-colors).
  let model = null;
  if (plan.screens.model) {
    await page
      .locator(".devscreens__switch")
      .getByText(plan.screens.model, { exact: true })
      .click();
    await drawn(page, plan.elements.model);
    await page.waitForSelector(
      `[data-element-id="${plan.model_element}"] [data-mesh-colors]`,
      { timeout: 60_000 },
    );
    model = await measure(page, cdp);
  }

  await page
    .locator(".devscreens__switch")
    .getByText(plan.screens.small, { exact: true })
    .click();
  await drawn(page, plan.elements.small);
  const small = await measure(page, cdp);

  process.stdout.write(
    `${JSON.stringify({ large, animated, model, small })}\n`,
  );
} finally {
  await browser.close();
}
