// A font in the property panel: size, family, bold and italic, stored as one CSS shorthand (font.ts). Cleared (null)
// means the element's default font.
import { BoldOutlined, ItalicOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldRow } from './field';
import { committedNumber } from './number-field';
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
  // The size is committed on blur, Enter or a step, as in NumberField: typing "18" is one undoable step, not two.
  const [draft, setDraft] = useState<number | null>(parts.size);
  const [shown, setShown] = useState(parts.size);
  if (shown !== parts.size) {
    setShown(parts.size);
    setDraft(parts.size);
  }
  const commitSize = (raw: number | null) => {
    const size = committedNumber(raw, {
      min: FONT_SIZE_MIN,
      max: FONT_SIZE_MAX,
      emptyValue: DEFAULT_FONT.size,
    });
    setDraft(size);
    if (size !== null && size !== parts.size) set({ size });
  };
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="iot-prop-inline">
        <InputNumber<number>
          id={id}
          size="small"
          style={{ width: 72 }}
          aria-label={t('designer.form.fontSize')}
          precision={0}
          value={draft}
          suffix="px"
          onChange={setDraft}
          onBlur={() => commitSize(draft)}
          onPressEnter={() => commitSize(draft)}
          onStep={commitSize}
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
