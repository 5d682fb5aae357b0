// Indicator light: a round (or square) lamp whose states give its colour (grey off, green on by default), with
// an optional label inside.
import { useTranslation } from 'react-i18next';

import { FieldSection, SelectField, useSettingPatch } from '../form';
import { boxStyle, classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingChoice } from '../settings';
import { StatefulSections } from '../stateful-sections';
import { defaultStates } from '../states-edit';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import './display.css';

const SHAPES = ['circle', 'square'] as const;
type Shape = (typeof SHAPES)[number];

function IndicatorElement(props: ElementRenderProps) {
  const { look, flickerClass, flickerStyle } = useLook(props);
  const shape = settingChoice(props.element.settings, 'shape', SHAPES, 'circle');
  return (
    <div
      className={classes(
        'iot-el iot-el--box iot-indicator',
        shape === 'square' && 'iot-indicator--square',
        flickerClass,
      )}
      style={{ ...boxStyle(look, 2), ...flickerStyle }}
    >
      {look.text && <span className="iot-el-text">{look.text}</span>}
    </div>
  );
}

function IndicatorSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(props.element, props.onChange);
  return (
    <>
      <FieldSection title={t('designer.form.layout')}>
        <SelectField<Shape>
          label={t('designer.form.shape')}
          value={settingChoice(props.element.settings, 'shape', SHAPES, 'circle')}
          options={SHAPES.map((shape) => ({ value: shape, label: t(`designer.form.shapes.${shape}`) }))}
          onChange={(shape) => patch.setting('shape', shape ?? 'circle')}
        />
      </FieldSection>
      <LookFields {...props} fields={['text', 'fontColor', 'backgroundColor', 'stroke', 'font']} />
      <StatefulSections {...props} required />
    </>
  );
}

export const indicatorElement: ElementDefinition = {
  type: 'indicator',
  category: 'data',
  i18nKey: 'designer.elements.indicator',
  defaultSize: { w: 32, h: 32 },
  defaultSettings: () => ({
    shape: 'circle',
    text: '',
    backgroundColor: '#c9cdd4',
    stroke: '#86909c',
    fontColor: '#ffffff',
    font: '12px sans-serif',
    textAlign: 'center',
  }),
  defaultStates: () => defaultStates(),
  bindingKeys: ['value'],
  stateful: true,
  component: IndicatorElement,
  settingsForm: IndicatorSettings,
};
