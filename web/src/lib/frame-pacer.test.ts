// The per-frame pacing of live pushes, with frames and ends of task stepped by hand.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { animationFrame, createPacer, endOfTask, type FrameScheduler } from './frame-pacer';

/** A scheduler the test runs by hand, counting how many callbacks were asked. */
function manual() {
  const pending: (() => void)[] = [];
  let asked = 0;
  const schedule: FrameScheduler = (callback) => {
    asked += 1;
    pending.push(callback);
    return () => {
      const i = pending.indexOf(callback);
      if (i >= 0) pending.splice(i, 1);
    };
  };
  return {
    schedule,
    asked: () => asked,
    pending: () => pending.length,
    run: () => {
      for (const callback of pending.splice(0)) callback();
    },
  };
}

describe('createPacer', () => {
  it('applies once per frame however many requests arrive', () => {
    const frames = manual();
    const apply = vi.fn();
    const pacer = createPacer(apply, frames.schedule, null);

    for (let i = 0; i < 50; i += 1) pacer.request();
    expect(apply).not.toHaveBeenCalled();
    expect(frames.asked()).toBe(1);
    frames.run();
    expect(apply).toHaveBeenCalledTimes(1);

    // Requests after an apply wait for the next frame (the pause booked by the apply), where they apply together.
    for (let i = 0; i < 50; i += 1) pacer.request();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(frames.asked()).toBe(2);
    frames.run();
    expect(apply).toHaveBeenCalledTimes(2);

    // A frame with nothing waiting applies nothing and books no further frame: the pacer is quiet.
    frames.run();
    frames.run();
    expect(apply).toHaveBeenCalledTimes(2);
    expect(frames.pending()).toBe(0);
  });

  it('applies a request after a quiet frame at the end of its task, and what follows on the next frame', () => {
    const frames = manual();
    const soon = manual();
    const apply = vi.fn();
    const pacer = createPacer(apply, frames.schedule, soon.schedule);

    pacer.request();
    pacer.request();
    expect(soon.pending()).toBe(1);
    expect(frames.pending()).toBe(0);
    soon.run();
    expect(apply).toHaveBeenCalledTimes(1);

    // Within the frame after that apply: the frame, not the end of the task.
    pacer.request();
    pacer.request();
    expect(soon.pending()).toBe(0);
    expect(apply).toHaveBeenCalledTimes(1);
    frames.run();
    expect(apply).toHaveBeenCalledTimes(2);

    // A quiet frame, then a request: the end of its task again.
    frames.run();
    pacer.request();
    expect(soon.pending()).toBe(1);
    soon.run();
    expect(apply).toHaveBeenCalledTimes(3);
  });

  it('applies a request made while applying on the next frame', () => {
    const frames = manual();
    const soon = manual();
    let applied = 0;
    const pacer = createPacer(
      () => {
        applied += 1;
        if (applied === 1) pacer.request();
      },
      frames.schedule,
      soon.schedule,
    );
    pacer.request();
    soon.run();
    expect(applied).toBe(1);
    // Not at the end of this task: the frame booked before the apply ran.
    expect(soon.pending()).toBe(0);
    expect(frames.pending()).toBe(1);
    frames.run();
    expect(applied).toBe(2);
    frames.run();
    expect(applied).toBe(2);
    expect(frames.pending()).toBe(0);
  });

  it('flushes what is waiting now, and nothing when nothing is', () => {
    const frames = manual();
    const soon = manual();
    const apply = vi.fn();
    const pacer = createPacer(apply, frames.schedule, soon.schedule);

    pacer.flush();
    expect(apply).not.toHaveBeenCalled();

    pacer.request();
    pacer.flush();
    expect(apply).toHaveBeenCalledTimes(1);
    // The end of the task it would have applied at is cancelled, and the frame after the apply stays a pause.
    expect(soon.pending()).toBe(0);
    soon.run();
    frames.run();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('drops what is waiting on cancel, and starts afresh on the next request', () => {
    const frames = manual();
    const soon = manual();
    const apply = vi.fn();
    const pacer = createPacer(apply, frames.schedule, soon.schedule);

    pacer.request();
    pacer.cancel();
    expect(soon.pending()).toBe(0);
    pacer.flush();
    soon.run();
    frames.run();
    expect(apply).not.toHaveBeenCalled();

    // After an apply, cancel drops the booked pause too: the next request is after a quiet frame.
    pacer.request();
    soon.run();
    pacer.request();
    pacer.cancel();
    expect(frames.pending()).toBe(0);
    pacer.request();
    expect(soon.pending()).toBe(1);
    soon.run();
    expect(apply).toHaveBeenCalledTimes(2);
  });
});

describe('schedulers', () => {
  afterEach(() => {
    // The stub first: it was taken over the fake frame, and restoring it after the real timers would leave the fake
    // requestAnimationFrame of a stopped clock in the window, which every later file of the worker would wait on.
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs on the next animation frame, or after 16 ms where there is none', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const onFrame = vi.fn();
    animationFrame(onFrame);
    const cancelled = vi.fn();
    animationFrame(cancelled)();
    vi.advanceTimersByTime(16);
    expect(onFrame).toHaveBeenCalledTimes(1);

    vi.stubGlobal('requestAnimationFrame', undefined);
    const onTimer = vi.fn();
    animationFrame(onTimer);
    animationFrame(cancelled)();
    vi.advanceTimersByTime(15);
    expect(onTimer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimer).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs at the end of the task unless cancelled', async () => {
    const done = vi.fn();
    const cancelled = vi.fn();
    endOfTask(done);
    endOfTask(cancelled)();
    expect(done).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(done).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
