// A link that opens a page with one of its dialogs already open (the home page's first steps: "register a
// gateway" opens the device list with its register dialog). The link passes `{ open: name }` as the location state,
// not the URL, so a reload or a shared link does not open it again.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface ArrivalState {
  open: string;
}

export function arrivalState(open: string): ArrivalState {
  return { open };
}

/** Calls `open` once when the page was reached with `{ open: name }`, then clears that state. */
export function useArrivalDialog(name: string, open: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const wanted =
    typeof state === 'object' && state !== null && (state as Partial<ArrivalState>).open === name;
  const opened = useRef(false);
  useEffect(() => {
    if (!wanted || opened.current) return;
    opened.current = true;
    open();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [wanted, open, navigate, location.pathname, location.search]);
}
