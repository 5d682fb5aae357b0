// A device's live values and state for a card of the central monitoring grid or a dashboard widget, applied once
// per animation frame: lib/ws calls its listeners on every frame the socket receives, so a hundred cards pushed ten
// times a second would render a thousand times a second one by one. Here a push only marks the card; on the next
// frame every marked card reads its device's latest state from the client, in one React batch (one pacer for the
// page, lib/frame-pacer, frames only: a grid renders on frames). A card renders only when its own device changed,
// and at most once per frame.
import { useEffect, useState } from 'react';

import { animationFrame, createPacer } from '../frame-pacer';
import { EMPTY_LIVE, rtdClient, type DeviceLive } from '../ws';

const pending = new Set<() => void>();
// Mounted cards: when none is left the pacer is reset (see the effect's cleanup).
let subscribers = 0;

const pacer = createPacer(
  () => {
    const batch = [...pending];
    pending.clear();
    for (const apply of batch) apply();
  },
  animationFrame,
  null,
);

function schedule(apply: () => void): void {
  pending.add(apply);
  pacer.request();
}

/**
 * Subscribes to the device (only `sources` when given and not empty) while `enabled`; the values last received stay
 * when it is turned off (a card scrolled away keeps showing them until its next snapshot).
 */
export function useFramedLiveDevice(
  deviceId: number,
  sources: readonly number[] | null,
  enabled: boolean,
): DeviceLive {
  const [live, setLive] = useState<DeviceLive>(EMPTY_LIVE);
  const key = sources && sources.length > 0 ? sources.join(',') : '';
  useEffect(() => {
    if (!enabled) return undefined;
    const client = rtdClient();
    const ids = key ? key.split(',').map(Number) : null;
    const apply = () => {
      const current = client.getDevice(deviceId);
      // Between a card's subscription and its snapshot the client holds nothing: keep what is shown.
      if (current !== EMPTY_LIVE) setLive(current);
    };
    const unsubscribe = client.subscribeDevice(deviceId, ids, () => {
      schedule(apply);
    });
    subscribers += 1;
    apply();
    return () => {
      pending.delete(apply);
      unsubscribe();
      subscribers -= 1;
      // The last card gone: no frame stays booked for nobody. A frame booked under a page that is gone (a test's
      // fake timers, a tab put away) would otherwise hold the pacer, and every later push would wait for it.
      if (subscribers === 0) pacer.cancel();
    };
  }, [deviceId, key, enabled]);
  return live;
}
