// The browser half of bench/monitor_table.py (issue 35 point 7): Debian's Chromium, driven by the Playwright the
// console's browser tests already install (web/node_modules), signs in through the form, opens the monitoring table
// of the plan (/monitor/monitoringDevice?table=<id>) and measures twice: while the publisher sends every row's values
// ("live"), then, once it has asked the publisher to stop (by writing the plan's `signal` file) and the queues have
// drained, the same page with no values flowing ("still"). Each: the main thread's busy share (CDP
// Performance.getMetrics TaskDuration over wall time, as CPU time and as wall time, one window each), the live values
// the page's socket received (a 'message' listener on its WebSocket, added before the console's own handler), the
// animation frames and the time between two of them, the longest task.
//
// Usage: node bench/monitor_table_browser.mjs <base url> <user> <password> <plan.json>
// The plan: { table_id, rows, seconds, signal }. Prints one JSON object: { live: phase, still: phase }, a phase being
//   { busy, script, layout (CPU time shares), busy_wall, seconds, values, value_frames, rafs, frame_ms: [...],
//     longest_task_ms, rows_drawn }.
// With MT_PROFILE=<file prefix>: a CPU profile of the live phase's first window, its self time by function in
// <prefix>.self.txt (a diagnostic of the table's hot path).
import { writeFileSync } from "node:fs";
import {
  busyShares,
  launch,
  planArguments,
  sleep,
  writeSelfTime,
} from "./browserlib.mjs";

const { base, user, password, plan } = planArguments(
  "monitor_table_browser.mjs",
);
const VIEWPORT = { width: 1920, height: 1080 };
/** Values flowing on the table this long before the live measurement. */
const WARMUP_MS = 5000;
/** After the publisher stops: the broker's, the server's and the socket's queues drain (no value for QUIET_MS, at
 * most DRAIN_MAX_MS). */
const QUIET_MS = 2000;
const DRAIN_MAX_MS = 60_000;
const PROFILE = process.env.MT_PROFILE;

const browser = await launch();

/** Before any of the console's scripts: every WebSocket counts the live values it receives; frames are timed. */
function recordFrames() {
  const mt = { values: 0, valueFrames: 0, rafs: 0, frameMs: [], last: 0 };
  window.__mt = mt;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // Counted without parsing (the console parses each frame itself): a values frame's values each open with
      // `{"id":`.
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (typeof data !== "string" || !data.startsWith('{"type":"values"'))
          return;
        let at = data.indexOf('{"id":', 16);
        while (at >= 0) {
          mt.values += 1;
          at = data.indexOf('{"id":', at + 6);
        }
        mt.valueFrames += 1;
      });
    }
  };
  const tick = (at) => {
    if (mt.last) mt.frameMs.push(at - mt.last);
    mt.last = at;
    mt.rafs += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function profiled(cdp, run) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const result = await run();
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`${PROFILE}.cpuprofile`, JSON.stringify(profile));
  writeSelfTime(profile, PROFILE, { column: true });
  return result;
}

async function measure(page, cdp, profile) {
  await page.evaluate(() => {
    const mt = window.__mt;
    mt.longest = 0;
    mt.tasks?.disconnect();
    mt.tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        mt.longest = Math.max(mt.longest, entry.duration);
    });
    mt.tasks.observe({ type: "longtask" });
  });
  const sample = (timeDomain) => busyShares(cdp, plan.seconds, timeDomain);
  // The CPU-time window is the one reported (and counted: values, frames), then a wall-time window for context.
  await page.evaluate(() => {
    const mt = window.__mt;
    mt.values = 0;
    mt.valueFrames = 0;
    mt.rafs = 0;
    mt.frameMs = [];
    mt.last = 0;
    mt.t0 = performance.now();
  });
  const cpuTicks = profile
    ? await profiled(cdp, () => sample("threadTicks"))
    : await sample("threadTicks");
  const counted = await page.evaluate(() => {
    const mt = window.__mt;
    return {
      seconds: (performance.now() - mt.t0) / 1000,
      values: mt.values,
      value_frames: mt.valueFrames,
      rafs: mt.rafs,
      frame_ms: mt.frameMs.slice(),
      longest: mt.longest,
      rows_drawn: document.querySelectorAll(
        ".ant-table-tbody-virtual .ant-table-row, .ant-table-tbody > tr.ant-table-row",
      ).length,
    };
  });
  const wallTicks = await sample("timeTicks");
  return {
    busy: cpuTicks.busy,
    script: cpuTicks.script,
    layout: cpuTicks.layout,
    busy_wall: wallTicks.busy,
    seconds: counted.seconds,
    values: counted.values,
    value_frames: counted.value_frames,
    rafs: counted.rafs,
    frame_ms: counted.frame_ms,
    longest_task_ms: counted.longest,
    rows_drawn: counted.rows_drawn,
  };
}

try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: "zh-CN",
  });
  const page = await context.newPage();
  await page.addInitScript(recordFrames);
  await page.goto(`${base}/iotyun/login`);
  await page.locator('input[id$="username"]').first().fill(user);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(/\/iotyun\/index$/, { timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(
    `${base}/iotyun/monitor/monitoringDevice?table=${plan.table_id}`,
  );
  // The table is drawn when its cells are, and values are arriving.
  await page.waitForSelector('[data-testid^="cell-"]', { timeout: 60_000 });
  await page.waitForFunction(() => window.__mt.values > 0, null, {
    timeout: 60_000,
    polling: 200,
  });
  await sleep(WARMUP_MS);
  const live = await measure(page, cdp, PROFILE);

  writeFileSync(plan.signal, "stop\n");
  const stopped = Date.now();
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() - stopped < DRAIN_MAX_MS) {
    const values = await page.evaluate(() => window.__mt.values);
    if (values !== seen) {
      seen = values;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= QUIET_MS) break;
    await sleep(200);
  }
  const drainedMs = Date.now() - stopped;
  const still = await measure(page, cdp, false);

  process.stdout.write(
    `${JSON.stringify({ live, still, drained_ms: drainedMs })}\n`,
  );
} finally {
  await browser.close();
}
