// Live pushes applied at most once per animation frame (DESIGN §7 "Runtime"), for everything that shows them: the
// screens' values store (designer/runtime/values-store.ts), the monitoring grid's cards and the dashboard widgets
// (lib/telemetry/use-framed-live.ts). lib/ws hears the socket on every message; a hundred devices pushed ten times a
// second would otherwise render a thousand times a second, one by one.
//
// A pacer is asked (request) whenever work is waiting and runs its `apply` for all of it: a request after a quiet
// frame applies soon (at the end of the socket's task, so the next frame paints it without waiting a frame to start
// the work; or on the next frame when there is no `soon`), and what is asked after an apply waits for the next frame,
// where it applies together. After an apply a frame stays booked as the pause; a frame that finds nothing waiting
// ends it, and the next request is again "after a quiet frame".

/** Runs `callback` once, on the next frame; returns a cancel. Tests pass a frame they step by hand. */
export type FrameScheduler = (callback: () => void) => () => void;

/** The browser's next animation frame; a 16 ms timer where there is none (a worker, a test environment without it). */
export const animationFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => {
      callback();
    });
    return () => {
      cancelAnimationFrame(id);
    };
  }
  const id = setTimeout(callback, 16);
  return () => {
    clearTimeout(id);
  };
};

/** Runs `callback` at the end of the current task (a microtask): the pushes of one socket message apply together. */
export const endOfTask: FrameScheduler = (callback) => {
  let live = true;
  queueMicrotask(() => {
    if (live) callback();
  });
  return () => {
    live = false;
  };
};

export interface Pacer {
  /** Work is waiting: `apply` runs soon after a quiet frame, else on the next frame; once for every request between. */
  request(): void;
  /** Applies what is waiting now (nothing when nothing is), keeping the pause until the next frame. */
  flush(): void;
  /** Drops what is waiting and any booked frame: the next request starts afresh. */
  cancel(): void;
}

/**
 * A pacer running `apply` at most once per `frame`. `soon` applies a request after a quiet frame without waiting for
 * the next one (null: every request waits for a frame, as a grid of cards or a test stepping frames by hand wants).
 */
export function createPacer(
  apply: () => void,
  frame: FrameScheduler = animationFrame,
  soon: FrameScheduler | null = endOfTask,
): Pacer {
  let waiting = false;
  // A frame booked: either to apply what is waiting, or the pause after an apply until the next frame.
  let cancelFrame: (() => void) | null = null;
  let cancelSoon: (() => void) | null = null;

  /** Applies what is waiting; after an apply, the next one waits for the next frame. */
  const run = () => {
    if (!waiting) return;
    waiting = false;
    // Booked before `apply`, so a request made while it runs waits for the next frame.
    cancelFrame ??= frame(onFrame);
    apply();
  };

  function onFrame() {
    cancelFrame = null;
    run();
  }

  const onSoon = () => {
    cancelSoon = null;
    run();
  };

  return {
    request() {
      waiting = true;
      if (cancelFrame || cancelSoon) return;
      // A quiet frame: apply soon; else the booked frame applies it.
      if (soon) cancelSoon = soon(onSoon);
      else cancelFrame = frame(onFrame);
    },
    flush() {
      cancelSoon?.();
      cancelSoon = null;
      run();
    },
    cancel() {
      waiting = false;
      cancelFrame?.();
      cancelFrame = null;
      cancelSoon?.();
      cancelSoon = null;
    },
  };
}
