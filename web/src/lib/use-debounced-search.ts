// A search box's text and the query it settles on: the trimmed text once typing pauses (300 ms), so a picker asks
// the server once per pause rather than once per key.
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedSearch(): { typed: string; setTyped: (text: string) => void; q: string } {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(typed.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [typed]);
  return { typed, setTyped, q };
}
