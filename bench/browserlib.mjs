// What the benchmarks' browser halves share: Debian's Chromium as DESIGN §6 runs it here, driven by the Playwright
// the console's browser tests already install (web/node_modules), and the few helpers each measurement uses.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../web/package.json", import.meta.url));
export const { chromium } = require("@playwright/test");

/** Headless Chromium with nothing of its own in the background (updates, sync, QUIC probes). */
export function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CDP Performance.getMetrics' answer as { name: value }. */
export function metricsOf(answer) {
  return Object.fromEntries(answer.metrics.map((m) => [m.name, m.value]));
}

/** A CPU profile's self time by function (name, file, line[, column]), the 60 largest, written to `<prefix>.self.txt`
 * (a diagnostic of a page's hot path). */
export function writeSelfTime(profile, prefix, { column = false } = {}) {
  const self = {};
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const at = `${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}${column ? `:${n.callFrame.columnNumber}` : ""}`;
    const key = `${n.callFrame.functionName || "(anonymous)"} ${at}`;
    self[key] = (self[key] ?? 0) + (dt[i] ?? 0) / 1000;
  });
  const hot = Object.entries(self)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 60)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms  ${name}`);
  writeFileSync(`${prefix}.self.txt`, hot.join("\n") + "\n");
}

/** The arguments of a browser half driven by a plan: `<base url> <user> <password> <plan.json>`, the plan read. */
export function planArguments(script) {
  const [base, user, password, planFile] = process.argv.slice(2);
  if (!base || !user || !password || !planFile) {
    console.error(
      `usage: node bench/${script} <base url> <user> <password> <plan.json>`,
    );
    process.exit(2);
  }
  return {
    base,
    user,
    password,
    plan: JSON.parse(readFileSync(planFile, "utf8")),
  };
}

/** The main thread's busy share over `seconds` (CDP Performance.getMetrics durations over wall time) measured in
 * `timeDomain`: "threadTicks" counts its CPU time, "timeTicks" wall time (what a user waits through, stretched when
 * other processes take the cores). `busy` is every task, `script` and `layout` (style included) their parts. */
export async function busyShares(cdp, seconds, timeDomain) {
  await cdp.send("Performance.disable");
  await cdp.send("Performance.enable", { timeDomain });
  const before = metricsOf(await cdp.send("Performance.getMetrics"));
  const wallStart = performance.now();
  await sleep(seconds * 1000);
  const after = metricsOf(await cdp.send("Performance.getMetrics"));
  const wall = (performance.now() - wallStart) / 1000;
  // Performance.getMetrics' durations are in seconds.
  const share = (name) => (after[name] - before[name]) / wall;
  return {
    busy: share("TaskDuration"),
    script: share("ScriptDuration"),
    layout: share("LayoutDuration") + share("RecalcStyleDuration"),
  };
}
