// Seconds-left countdown for "send code" buttons.
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => {
      setLeft((s) => Math.max(0, s - 1));
    }, 1000);
    return () => {
      window.clearTimeout(timer);
    };
  }, [left]);
  const start = useCallback((seconds: number) => {
    setLeft(seconds);
  }, []);
  return [left, start];
}
