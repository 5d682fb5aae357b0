// A callback that keeps its identity for the component's life while calling the latest one passed in: a memoised
// child given it never re-renders because its parent did (the designer's toolbar and canvas, the runtime's elements).
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const ref = useRef(callback);
  useLayoutEffect(() => {
    ref.current = callback;
  });
  return useCallback((...args: A) => {
    ref.current(...args);
  }, []);
}
