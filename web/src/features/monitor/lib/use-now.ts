// The time now, moved on every few seconds: what greys a value once it is out of date when no new value arrives.
import { useEffect, useState } from 'react';

/** How often staleness is looked at again when no value arrives. */
const STALE_TICK_MS = 5_000;

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), STALE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
