// Rectangle and ellipse share one drawing: a box with a background, a border and an optional text, optionally
// switched among states. Drawn as a div (border-radius 50 % for the ellipse), not SVG, so the background flicker
// and the text work as for any box.
import { useTranslation } from 'react-i18next';

import { FieldSection, NumberField, useSettingPatch } from '../form';
import { boxStyle, classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingNumber } from '../settings';
import { StatefulSections } from '../stateful-sections';
import type { ElementRenderProps, SettingsFormProps } from '../types';

export const STROKE_WIDTH_MAX = 50;

export function BoxShape({ ellipse, ...props }: ElementRenderProps & { ellipse: boolean }) {
  const { look, flickerClass, flickerStyle } = useLook(props);
  const { settings } = props.element;
  const radius = ellipse ? '50%' : `${String(settingNumber(settings, 'radius', 0))}px`;
  return (
    <div
      className={classes('iot-el iot-el--box', flickerClass)}
      style={{
        ...boxStyle(look, settingNumber(settings, 'strokeWidth', 1)),
        borderRadius: radius,
        ...flickerStyle,
      }}
    >
      {look.text && <span className="iot-el-text">{look.text}</span>}
    </div>
  );
}

export function BoxShapeSettings({ ellipse, ...props }: SettingsFormProps & { ellipse: boolean }) {
  const { t } = useTranslation();
  const patch = useSettingPatch(props.element, props.onChange);
  const { settings } = props.element;
  return (
    <>
      <LookFields
        {...props}
        fields={['text', 'fontColor', 'backgroundColor', 'stroke', 'font', 'textAlign']}
      />
      <FieldSection title={t('designer.form.layout')}>
        <div className="iot-prop-inline">
          <NumberField
            label={t('designer.form.strokeWidth')}
            value={settingNumber(settings, 'strokeWidth', 1)}
            min={0}
            max={STROKE_WIDTH_MAX}
            emptyValue={0}
            onChange={(width) => patch.setting('strokeWidth', width)}
          />
          {!ellipse && (
            <NumberField
              label={t('designer.form.radius')}
              value={settingNumber(settings, 'radius', 0)}
              min={0}
              max={1000}
              emptyValue={0}
              onChange={(radius) => patch.setting('radius', radius)}
            />
          )}
        </div>
      </FieldSection>
      <StatefulSections {...props} />
    </>
  );
}

export function boxShapeSettings(): Record<string, string | number | null> {
  return {
    text: '',
    backgroundColor: '#e5e6eb',
    stroke: '#86909c',
    strokeWidth: 1,
    fontColor: '#1d2129',
    font: '14px sans-serif',
    textAlign: 'center',
  };
}
