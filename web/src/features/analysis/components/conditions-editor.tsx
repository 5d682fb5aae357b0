// The report's data colour conditions (SPEC §9): rows of a minimum (inclusive), a maximum (exclusive) and a colour,
// at most COLOUR_CONDITIONS_MAX; an empty bound is open and the first matching row wins. A maximum not above its
// minimum is refused as the server refuses it (118207). The colour is a button that opens antd's picker (mouse, Enter
// or Space); its panel takes a hex value too.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Form, InputNumber, Space } from 'antd';
import type { AggregationColor } from 'antd/es/color-picker/color';
import { useTranslation } from 'react-i18next';

import { COLOUR_CONDITIONS_MAX } from '@/components/charts/report';
import {
  CONDITION_COLOUR_RULE,
  conditionMaxRule,
  NEW_CONDITION_COLOUR,
  type ConditionValues,
  type ListRule,
} from '../lib/form';

interface ColourInputProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}

function ColourInput({ value, onChange, label }: ColourInputProps) {
  return (
    <ColorPicker
      format="hex"
      disabledAlpha
      value={value}
      onChange={(color: AggregationColor) => onChange?.(color.toHexString().toLowerCase())}
    >
      {/* A button as the trigger: reached with Tab, opened with Enter or Space. */}
      <button type="button" className="report-conditions__colour" aria-label={label}>
        <span className="report-conditions__chip" style={{ background: value }} aria-hidden />
        <span>{value?.toUpperCase()}</span>
      </button>
    </ColorPicker>
  );
}

export function ConditionsEditor({ rules }: { rules: ListRule[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="conditions" rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <div className="report-conditions">
          {fields.map((field, index) => {
            const n = index + 1;
            return (
              <Space key={field.key} className="report-conditions__row" wrap align="start">
                <Form.Item name={[field.name, 'min']} noStyle>
                  <InputNumber<number>
                    aria-label={t('report.charts.conditions.minOf', { n })}
                    placeholder={t('report.charts.conditions.min')}
                    className="report-conditions__number"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'max']}
                  dependencies={[['conditions', field.name, 'min']]}
                  rules={[conditionMaxRule(field.name)]}
                  className="report-conditions__item"
                >
                  <InputNumber<number>
                    aria-label={t('report.charts.conditions.maxOf', { n })}
                    placeholder={t('report.charts.conditions.max')}
                    className="report-conditions__number"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'color']}
                  rules={[CONDITION_COLOUR_RULE]}
                  className="report-conditions__item"
                >
                  <ColourInput label={t('report.charts.conditions.colorOf', { n })} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('report.charts.conditions.remove', { n })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= COLOUR_CONDITIONS_MAX}
            onClick={() =>
              add({ min: null, max: null, color: NEW_CONDITION_COLOUR } satisfies ConditionValues)
            }
          >
            {t('report.charts.conditions.add', { n: fields.length, max: COLOUR_CONDITIONS_MAX })}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
