// A font in the property panel: size, family, bold and italic, stored as one CSS shorthand (font.ts). Cleared (null)
// means the element's default font.
import { BoldOutlined, ItalicOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldRow } from './field';
import {
  DEFAULT_FONT,
  FONT_FAMILIES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  formatFont,
  parseFont,
  type FontParts,
} from './font';

interface FontFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

export function FontField({ label, value, onChange }: FontFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const parts = parseFont(value);
  const set = (change: Partial<FontParts>) => onChange(formatFont({ ...parts, ...change }));
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="iot-prop-inline">
        <InputNumber<number>
          id={id}
          size="small"
          style={{ width: 72 }}
          aria-label={t('designer.form.fontSize')}
          min={FONT_SIZE_MIN}
          max={FONT_SIZE_MAX}
          precision={0}
          value={parts.size}
          suffix="px"
          onChange={(size) => set({ size: size ?? DEFAULT_FONT.size })}
        />
        <Select
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          aria-label={t('designer.form.fontFamily')}
          value={parts.family}
          options={FONT_FAMILIES.map((family) => ({
            value: family,
            label: t(`designer.form.fontFamilies.${family}`),
          }))}
          onChange={(family) => set({ family })}
        />
        <Button
          size="small"
          type={parts.bold ? 'primary' : 'default'}
          aria-label={t('designer.form.bold')}
          aria-pressed={parts.bold}
          icon={<BoldOutlined />}
          onClick={() => set({ bold: !parts.bold })}
        />
        <Button
          size="small"
          type={parts.italic ? 'primary' : 'default'}
          aria-label={t('designer.form.italic')}
          aria-pressed={parts.italic}
          icon={<ItalicOutlined />}
          onClick={() => set({ italic: !parts.italic })}
        />
      </div>
    </FieldRow>
  );
}
