// A text in the property panel, committed on blur or Enter (a multi-line text on blur) so one edit is one step.
import { Input } from 'antd';
import { useId, useState } from 'react';

import { FieldRow } from './field';

interface TextFieldProps {
  label: string;
  value: string;
  maxLength?: number;
  multiline?: boolean;
  placeholder?: string;
  /** A hint or error below the input (an invalid URL). */
  extra?: string;
  invalid?: boolean;
  onChange: (value: string) => void;
}

export function TextField({
  label,
  value,
  maxLength,
  multiline,
  placeholder,
  extra,
  invalid,
  onChange,
}: TextFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // A change from outside (undo, another element selected) replaces what the input shows.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onChange(draft);
  };
  const common = {
    id,
    value: draft,
    maxLength,
    placeholder,
    status: invalid ? ('error' as const) : undefined,
    onBlur: commit,
  };
  return (
    <FieldRow
      label={label}
      htmlFor={id}
      extra={
        extra === undefined ? undefined : (
          <span className={invalid ? 'iot-prop-field__extra--error' : undefined}>{extra}</span>
        )
      }
    >
      {multiline ? (
        <Input.TextArea
          {...common}
          size="small"
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => setDraft(e.target.value)}
        />
      ) : (
        <Input {...common} size="small" onChange={(e) => setDraft(e.target.value)} onPressEnter={commit} />
      )}
    </FieldRow>
  );
}
