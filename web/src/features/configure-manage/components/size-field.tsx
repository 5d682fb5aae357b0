// A screen size in the template form: a preset select, and width × height inputs when "custom" is chosen.
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { CUSTOM_SIZE, SIZE_LIMITS, formatSize, presetKey, rangeOf, type SizeKind } from '@/lib/screen-size';

interface SizeFieldProps {
  kind: SizeKind;
  label: string;
  /** Form names of the preset select and the two inputs. */
  names: { preset: string; width: string; height: string };
}

export function SizeField({ kind, label, names }: SizeFieldProps) {
  const { t } = useTranslation();
  const preset = Form.useWatch<string | undefined>(names.preset);
  const [wMin, wMax] = rangeOf(kind, 'width');
  const [hMin, hMax] = rangeOf(kind, 'height');
  const [dw, dh] = SIZE_LIMITS[kind].defaultSize;
  const options = [
    ...SIZE_LIMITS[kind].presets.map(([w = 0, h = 0]) => ({
      value: presetKey(w, h),
      label:
        w === dw && h === dh
          ? t('configure.template.size.default', { size: formatSize(w, h) })
          : formatSize(w, h),
    })),
    { value: CUSTOM_SIZE, label: t('configure.template.size.custom') },
  ];
  const rangeText = t('configure.template.size.range', { wMin, wMax, hMin, hMax });
  const invalid = t('configure.template.size.invalid', { wMin, wMax, hMin, hMax });
  const custom = preset === CUSTOM_SIZE;

  return (
    <Form.Item label={label} required {...(custom ? { extra: rangeText } : {})}>
      <div className={custom ? 'tpl-size tpl-size--custom' : 'tpl-size'}>
        <Form.Item name={names.preset} noStyle>
          <Select aria-label={label} options={options} className="tpl-size__preset" />
        </Form.Item>
        {custom && (
          <>
            <Form.Item
              name={names.width}
              noStyle
              rules={[{ required: true, type: 'integer', min: wMin, max: wMax, message: invalid }]}
            >
              <InputNumber
                className="tpl-size__input"
                aria-label={`${label} ${t('configure.template.field.width')}`}
                placeholder={t('configure.template.field.width')}
                precision={0}
                controls={false}
              />
            </Form.Item>
            <span className="tpl-size__times" aria-hidden="true">
              {'×'}
            </span>
            <Form.Item
              name={names.height}
              noStyle
              rules={[{ required: true, type: 'integer', min: hMin, max: hMax, message: invalid }]}
            >
              <InputNumber
                className="tpl-size__input"
                aria-label={`${label} ${t('configure.template.field.height')}`}
                placeholder={t('configure.template.field.height')}
                precision={0}
                controls={false}
              />
            </Form.Item>
          </>
        )}
      </div>
    </Form.Item>
  );
}
