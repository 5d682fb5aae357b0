// A choice among fixed options (alignment, format, direction), committed at once.
import { Select } from 'antd';
import { useId } from 'react';

import { FieldRow } from './field';

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T | null;
  options: readonly SelectOption<T>[];
  allowClear?: boolean;
  disabled?: boolean;
  /** Shown while nothing is chosen (a state's alignment: the element's own). */
  placeholder?: string;
  /** A hint under the field (what the chosen option does). */
  extra?: string;
  onChange: (value: T | null) => void;
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  allowClear,
  disabled,
  placeholder,
  extra,
  onChange,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldRow label={label} htmlFor={id} extra={extra}>
      <Select<T>
        id={id}
        size="small"
        value={value ?? undefined}
        options={options.map((option) => ({ value: option.value, label: option.label }))}
        allowClear={allowClear}
        disabled={disabled}
        placeholder={placeholder}
        // antd gives undefined when cleared, whatever its type says.
        onChange={(next: T | undefined) => onChange(next ?? null)}
      />
    </FieldRow>
  );
}
