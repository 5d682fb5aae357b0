// Vitest setup: jest-dom matchers, the browser APIs antd needs that jsdom lacks, i18n in zh.
//
// It runs before each test file. The files share one worker and one jsdom window (vite.config.ts: `isolate: false`,
// so React, antd and jsdom load once instead of once per file); what a file starts from is made the same as in a
// fresh worker here: the app's own modules (stores, lib/toast, lib/http, lib/ws …) are evaluated afresh, and the
// window's cookies, storage, URL, document body and globals are back to a new window's.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { resetScreenWidth } from './screen-width';

// Every module of src/ (and what a test mocked) afresh for this file, as the file before left them.
vi.resetModules();
// Stubs first, then the clock: a stub taken while timers were faked holds a fake, and restoring it after the clock
// would put that fake back for good.
vi.unstubAllGlobals();
vi.useRealTimers();
// … and whatever a file left in the window's frame and timer functions, the window's own are put back: a fake
// requestAnimationFrame of a stopped clock left behind never runs, and every live push of a later file (the frame
// pacer) would wait on it for ever.
{
  type Timing = Record<(typeof TIMING)[number], unknown>;
  const TIMING = [
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
  ] as const;
  const holder = globalThis as unknown as { __iotyunTiming?: Timing };
  const own = (holder.__iotyunTiming ??= Object.fromEntries(
    TIMING.map((name) => [name, (globalThis as unknown as Timing)[name]]),
  ) as Timing);
  for (const name of TIMING) {
    (globalThis as unknown as Timing)[name] = own[name];
    (window as unknown as Timing)[name] = own[name];
  }
}
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.body.innerHTML = '';
// antd's CSS-in-JS styles of the files before: left in <head>, they pile up (hundreds of kB after a few files) and
// every getComputedStyle (getByRole, toBeVisible) reads them all. antd inserts a style again when a component that
// needs it mounts, as in a new window.
for (const style of document.head.querySelectorAll('style[data-css-hash]')) style.remove();
// … and none applies again: a <style> element is made with a type jsdom does not read, so antd's CSS-in-JS rules
// stay in <head> as text without becoming style sheets. jsdom matched every rule of them against every element on
// each getComputedStyle — which getByRole and toBeVisible call for each element and its ancestors — and parsed each
// inserted rule: 40 % of the unit tests' processor time (vitest 178 → 108 s, the same 1,899 tests passing). What a
// test sees is then the DOM and inline styles: whether an element is shown is the component's doing (rendered,
// `hidden`, an inline display), never a class's rule; the browser tests (e2e/) see the real CSS.
{
  type CreateElement = (this: Document, tag: string, options?: ElementCreationOptions) => HTMLElement;
  const prototype = Document.prototype as unknown as Record<'createElement', unknown>;
  const create = prototype.createElement as CreateElement;
  if (!Object.hasOwn(create, 'stylesUnapplied')) {
    const createUnappliedStyle: CreateElement = function (tag, options) {
      const element = create.call(this, tag, options);
      if (tag.toLowerCase() === 'style') element.setAttribute('type', 'text/x-unapplied');
      return element;
    };
    Object.defineProperty(createUnappliedStyle, 'stylesUnapplied', { value: true });
    prototype.createElement = createUnappliedStyle;
  }
}

// findBy*/waitFor give up after 1 s by default: on a busy 2-core machine a lazily loaded chunk (ECharts) or a
// mocked request can take longer, and a test must not fail only because the machine is loaded.
configure({ asyncUtilTimeout: 10_000 });

// The app loads one language's texts at a time; tests read both at once (getFixedT('en'), language switches).
// Imported after the reset, so the test file's modules and i18next's texts are this file's.
const { loadAllTexts } = await import('@/lib/i18n');
await loadAllTexts();
// dayjs follows the language as the antd layout has it follow (app/antd-root.tsx).
await import('@/lib/dayjs-locale');

// jsdom has no matchMedia; antd's responsive helpers need one: a desktop window unless a test sets another width.
resetScreenWidth();

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

{
  // No test talks to a server: a WebSocket (lib/ws) stays "connecting" instead of failing and retrying in the
  // background. Tests of lib/ws pass their own fake socket.
  class InertWebSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    onopen = null;
    onclose = null;
    onmessage = null;
    onerror = null;
    constructor(readonly url: string) {
      super();
    }
    send(): void {}
    close(): void {
      this.readyState = 3;
    }
  }
  Object.defineProperty(window, 'WebSocket', { writable: true, value: InertWebSocket });
  Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: InertWebSocket });
}

afterEach(async () => {
  cleanup();
  // Let React's scheduler run the work it queued (an Immediate) while jsdom still exists: after the last test of a
  // file the environment is torn down, and a late task then fails with "window is not defined".
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
});
