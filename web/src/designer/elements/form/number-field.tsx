// A number in the property panel. The value is committed on blur, Enter or a step (not on every keystroke), so one
// edit is one undoable step; a cleared input commits `emptyValue` when the field has one (flicker: 0.01), else null.
import { InputNumber } from 'antd';
import { useId, useState } from 'react';

import { FieldRow } from './field';

export interface NumberRules {
  min?: number;
  max?: number;
  /** What a cleared input becomes; without it a cleared input is null (the setting falls back to its default). */
  emptyValue?: number;
}

/** The value to commit for what the input holds: clamped into [min, max], `emptyValue` (or null) when cleared. */
export function committedNumber(raw: number | null, rules: NumberRules): number | null {
  if (raw === null || !Number.isFinite(raw)) return rules.emptyValue ?? null;
  let value = raw;
  if (rules.min !== undefined && value < rules.min) value = rules.min;
  if (rules.max !== undefined && value > rules.max) value = rules.max;
  return value;
}

interface NumberFieldProps extends NumberRules {
  label: string;
  value: number | null;
  step?: number;
  precision?: number;
  disabled?: boolean;
  /** Shown when the input is empty or disabled (flicker "none" shows `--`). */
  placeholder?: string;
  addonAfter?: string;
  onChange: (value: number | null) => void;
}

export function NumberField({
  label,
  value,
  step,
  precision,
  disabled,
  placeholder,
  addonAfter,
  onChange,
  ...rules
}: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<number | null>(value);
  // A change from outside (undo, another element selected) replaces what the input shows; set during render, the
  // React way to reset state from a prop, so the input never shows a stale value for a frame.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }

  const commit = (raw: number | null) => {
    const next = committedNumber(raw, rules);
    setDraft(next);
    if (next !== value) onChange(next);
  };

  return (
    <FieldRow label={label} htmlFor={id}>
      <InputNumber<number>
        id={id}
        size="small"
        value={disabled ? null : draft}
        // No min/max to antd: it drops a keystroke that leaves the range (typing 5000 under a max of 1000 would
        // commit 500); the commit clamps instead.
        step={step}
        precision={precision}
        disabled={disabled}
        placeholder={placeholder}
        suffix={addonAfter}
        onChange={(next) => setDraft(next)}
        onBlur={() => commit(draft)}
        onPressEnter={() => commit(draft)}
        onStep={(next) => commit(next)}
      />
    </FieldRow>
  );
}
