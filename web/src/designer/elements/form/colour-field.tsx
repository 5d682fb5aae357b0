// A colour in the property panel: antd's picker with alpha, committed when a pick completes (not on every drag
// step); cleared means "none" (null: the element's default or transparent). The stored form is hex, #rrggbb or
// #rrggbbaa with alpha, which the server's `Colour` accepts.
import { ColorPicker } from 'antd';
import type { AggregationColor } from 'antd/es/color-picker/color';

import { FieldRow } from './field';

export function colourValue(color: AggregationColor): string | null {
  return color.cleared ? null : color.toHexString();
}

interface ColourFieldProps {
  label: string;
  value: string | null;
  disabled?: boolean;
  onChange: (value: string | null) => void;
}

export function ColourField({ label, value, disabled, onChange }: ColourFieldProps) {
  return (
    <FieldRow label={label}>
      <span>
        <ColorPicker
          aria-label={label}
          size="small"
          value={value}
          allowClear
          showText
          disabled={disabled}
          onChangeComplete={(color) => {
            const next = colourValue(color);
            if (next !== value) onChange(next);
          }}
          onClear={() => onChange(null)}
        />
      </span>
    </FieldRow>
  );
}
