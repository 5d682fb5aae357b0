// An on/off setting (underline, show unit, transparent hotspot), committed at once.
import { Switch } from 'antd';
import { useId } from 'react';

import { FieldRow } from './field';

interface SwitchFieldProps {
  label: string;
  value: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}

export function SwitchField({ label, value, disabled, onChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <FieldRow label={label} htmlFor={id}>
      <span>
        <Switch id={id} size="small" checked={value} disabled={disabled} onChange={onChange} />
      </span>
    </FieldRow>
  );
}
