// The property panel's compact vertical layout: a small label above its control, one field per row. Each field takes
// an id from `useId` so its label names the control (screen readers, getByLabelText).
import type { ReactNode } from 'react';

import './form.css';

interface FieldRowProps {
  label: string;
  /** The control's id, so the label names it; omit for a control that carries its own aria-label. */
  htmlFor?: string;
  /** A hint or error below the control. */
  extra?: ReactNode;
  children: ReactNode;
}

export function FieldRow({ label, htmlFor, extra, children }: FieldRowProps) {
  return (
    <div className="iot-prop-field">
      <label className="iot-prop-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {extra !== undefined && <div className="iot-prop-field__extra">{extra}</div>}
    </div>
  );
}

/** A titled group of fields in a settings form (the element's own, its states, its flicker). */
export function FieldSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="iot-prop-section" aria-label={title}>
      <h4 className="iot-prop-section__title">{title}</h4>
      {children}
    </section>
  );
}
