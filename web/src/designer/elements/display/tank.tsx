// Level / tank bar: the bound value between min and max fills the bar from the bottom (or the left), coloured by
// range conditions. On the canvas it shows a sample level.
import { useTranslation } from 'react-i18next';

import { FlickerSection } from '../flicker-field';
import {
  BindingField,
  ColourField,
  FieldSection,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
  useSettingPatch,
} from '../form';
import { boxStyle, classes, useLook } from '../look';
import {
  settingBoolean,
  settingChoice,
  settingNumber,
  settingOptionalString,
  settingString,
} from '../settings';
import { stateValue } from '../states';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { conditionColour, readConditions } from './conditions';
import { ConditionsField } from './conditions-field';
import { formatDisplay } from './value';
import './display.css';

const ORIENTATIONS = ['vertical', 'horizontal'] as const;
type Orientation = (typeof ORIENTATIONS)[number];
export const SAMPLE_LEVEL = 0.6;

/** The filled share, 0–1: the value's place between min and max, clamped; 0 for no value or an empty range. */
export function levelOf(value: number | string | null | undefined, min: number, max: number): number {
  const number = stateValue(value);
  if (number === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (number - min) / (max - min)));
}

function TankElement(props: ElementRenderProps) {
  const { element, mode, values } = props;
  const { settings } = element;
  const { look, flickerClass, flickerStyle } = useLook(props);
  const min = settingNumber(settings, 'min', 0);
  const max = settingNumber(settings, 'max', 100);
  const value = mode === 'edit' ? min + (max - min) * SAMPLE_LEVEL : values.value?.value;
  const level = levelOf(value, min, max);
  const vertical = settingChoice(settings, 'orientation', ORIENTATIONS, 'vertical') === 'vertical';
  const fill =
    conditionColour(readConditions(settings), value) ??
    settingOptionalString(settings, 'fillColor') ??
    '#3491fa';
  const percent = `${String(level * 100)}%`;
  return (
    <div
      className={classes('iot-el iot-el--box iot-tank', flickerClass)}
      style={{ ...boxStyle(look), ...flickerStyle }}
    >
      <div
        className="iot-tank__level"
        data-level={level}
        style={
          vertical ? { height: percent, background: fill } : { width: percent, top: 0, background: fill }
        }
      />
      {settingBoolean(settings, 'showValue', true) && (
        <span className="iot-el-text iot-tank__text">
          {formatDisplay(value, settingNumber(settings, 'decimals', 1), settingString(settings, 'unit', ''))}
        </span>
      )}
    </div>
  );
}

function TankSettings({ element, dataSources, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  return (
    <>
      <FieldSection title={t('designer.form.data')}>
        <BindingField
          label={t('designer.form.dataSource')}
          value={element.bindings.value}
          dataSources={dataSources}
          onChange={(binding) => patch.binding('value', binding)}
        />
        <div className="iot-prop-inline">
          <NumberField
            label={t('designer.form.min')}
            value={settingNumber(settings, 'min', 0)}
            emptyValue={0}
            onChange={(min) => patch.setting('min', min)}
          />
          <NumberField
            label={t('designer.form.max')}
            value={settingNumber(settings, 'max', 100)}
            emptyValue={100}
            onChange={(max) => patch.setting('max', max)}
          />
        </div>
        <div className="iot-prop-inline">
          <TextField
            label={t('designer.form.unit')}
            value={settingString(settings, 'unit', '')}
            maxLength={16}
            onChange={(unit) => patch.setting('unit', unit)}
          />
          <NumberField
            label={t('designer.form.decimals')}
            value={settingNumber(settings, 'decimals', 1)}
            min={0}
            max={10}
            precision={0}
            emptyValue={0}
            onChange={(d) => patch.setting('decimals', d)}
          />
        </div>
        <SwitchField
          label={t('designer.form.showValue')}
          value={settingBoolean(settings, 'showValue', true)}
          onChange={(on) => patch.setting('showValue', on)}
        />
      </FieldSection>
      <FieldSection title={t('designer.form.look')}>
        <SelectField<Orientation>
          label={t('designer.form.orientation')}
          value={settingChoice(settings, 'orientation', ORIENTATIONS, 'vertical')}
          options={ORIENTATIONS.map((o) => ({ value: o, label: t(`designer.form.orientations.${o}`) }))}
          onChange={(o) => patch.setting('orientation', o ?? 'vertical')}
        />
        <div className="iot-prop-inline">
          <ColourField
            label={t('designer.form.fillColour')}
            value={settingOptionalString(settings, 'fillColor')}
            onChange={(c) => patch.setting('fillColor', c)}
          />
          <ColourField
            label={t('designer.states.backgroundColor')}
            value={settingOptionalString(settings, 'backgroundColor')}
            onChange={(c) => patch.setting('backgroundColor', c)}
          />
          <ColourField
            label={t('designer.states.stroke')}
            value={settingOptionalString(settings, 'stroke')}
            onChange={(c) => patch.setting('stroke', c)}
          />
        </div>
      </FieldSection>
      <ConditionsField element={element} onChange={onChange} />
      <FlickerSection element={element} onChange={onChange} />
    </>
  );
}

export const tankElement: ElementDefinition = {
  type: 'tank',
  category: 'data',
  i18nKey: 'designer.elements.tank',
  defaultSize: { w: 60, h: 160 },
  defaultSettings: () => ({
    min: 0,
    max: 100,
    unit: '',
    decimals: 1,
    showValue: true,
    orientation: 'vertical',
    fillColor: '#3491fa',
    backgroundColor: '#f2f3f5',
    stroke: '#86909c',
    fontColor: '#1d2129',
    conditions: [],
  }),
  bindingKeys: ['value'],
  stateful: false,
  component: TankElement,
  settingsForm: TankSettings,
};
