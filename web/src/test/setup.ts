// Vitest setup: jest-dom matchers, the browser APIs antd needs that jsdom lacks, i18n in zh.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { loadAllTexts } from '@/lib/i18n';
import { resetScreenWidth } from './screen-width';

// findBy*/waitFor give up after 1 s by default: on a busy 2-core machine a lazily loaded chunk (ECharts) or a
// mocked request can take longer, and a test must not fail only because the machine is loaded.
configure({ asyncUtilTimeout: 10_000 });

// The app loads one language's texts at a time; tests read both at once (getFixedT('en'), language switches).
await loadAllTexts();

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
