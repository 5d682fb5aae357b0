// A dialog mounted anew at each opening (issue 30 point 1). A dialog's component stays mounted on its page between
// openings, and with it its antd form store (Form.useForm), its initial values (read once, when the form first
// mounts) and its useState: opened on group B after group A, it showed A's values, and saving renamed A's record
// onto B. `perOpening(Dialog)` gives the dialog a new React key each time it opens (its `open` prop turns true), so every opening
// starts from the record it is opened with, while a closing dialog keeps its key and plays its close animation.
// Every dialog or drawer of the console that holds a form or state of its own is exported through it
// (docs/architecture.md "The console"; src/components/per-opening.rules.test.ts checks the sources).
import { useState, type ComponentType } from 'react';

/** How a dialog whose open state is not an `open` prop is read. */
export interface OpenState<P> {
  /** Whether these props show the dialog open (e.g. a list of ids is not empty). */
  isOpen: (props: P) => boolean;
}

const byOpenProp: OpenState<{ open: boolean }> = { isOpen: (props) => props.open };

export function perOpening<P extends { open: boolean }>(Dialog: ComponentType<P>): ComponentType<P>;
export function perOpening<P extends object>(Dialog: ComponentType<P>, state: OpenState<P>): ComponentType<P>;
export function perOpening<P extends object>(
  Dialog: ComponentType<P>,
  state: OpenState<P> = byOpenProp as unknown as OpenState<P>,
): ComponentType<P> {
  function PerOpening(props: P) {
    const open = state.isOpen(props);
    const [openings, setOpenings] = useState({ open, count: open ? 1 : 0 });
    let count = openings.count;
    if (open !== openings.open) {
      // Derived from props during render (React's "adjusting state when a prop changes"): the new key is used by
      // the very render that opens the dialog, so no frame shows the previous opening's form.
      count = open ? openings.count + 1 : openings.count;
      setOpenings({ open, count });
    }
    return <Dialog key={count} {...props} />;
  }
  PerOpening.displayName = `perOpening(${Dialog.displayName ?? Dialog.name})`;
  return PerOpening;
}
