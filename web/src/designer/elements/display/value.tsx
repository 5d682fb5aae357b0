// Value display: a bound data source's value with its unit and decimals, coloured by range conditions. On the canvas
// (no values) it shows a sample number in the same format, so the look can be judged while drawing.
import { useTranslation } from 'react-i18next';

import { formatPoint } from '@/lib/telemetry/history';
import { EMPTY } from '@/lib/empty';

import { FlickerSection } from '../flicker-field';
import {
  BindingField,
  bindingsPatch,
  FieldSection,
  NumberField,
  SwitchField,
  TextField,
  useSettingPatch,
} from '../form';
import { boxStyle, classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingBoolean, settingNumber, settingString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { conditionColour, readConditions } from './conditions';
import { ConditionsField } from './conditions-field';

export const SAMPLE_VALUE = 123.456;
const DECIMALS_MAX = 10;

/** The text shown: numbers with `decimals` (as reported when null), text as it is, the empty mark for none; the
 * unit after a space when there is a value. */
export function formatDisplay(
  value: number | string | null | undefined,
  decimals: number | null,
  unit: string,
): string {
  const text = typeof value === 'string' ? (value === '' ? EMPTY : value) : formatPoint(value, decimals);
  return text !== EMPTY && unit ? `${text} ${unit}` : text;
}

function decimalsOf(settings: ElementRenderProps['element']['settings']): number | null {
  const decimals = settingNumber(settings, 'decimals', -1);
  return decimals < 0 ? null : decimals;
}

function ValueElement(props: ElementRenderProps) {
  const { element, mode, values } = props;
  const { look, flickerClass, flickerStyle } = useLook(props);
  const value = mode === 'edit' ? SAMPLE_VALUE : values.value?.value;
  const unit = settingBoolean(element.settings, 'showUnit', true)
    ? settingString(element.settings, 'unit', '')
    : '';
  const colour = conditionColour(readConditions(element.settings), value);
  return (
    <div
      className={classes('iot-el iot-el--box', flickerClass)}
      style={{ ...boxStyle(look), ...flickerStyle, ...(colour ? { color: colour } : {}) }}
    >
      <span className="iot-el-text">{formatDisplay(value, decimalsOf(element.settings), unit)}</span>
    </div>
  );
}

function ValueSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const { element, dataSources, onChange } = props;
  const patch = useSettingPatch(element, onChange);
  return (
    <>
      <FieldSection title={t('designer.form.data')}>
        <BindingField
          label={t('designer.form.dataSource')}
          value={element.bindings.value}
          dataSources={dataSources}
          onChange={(binding) => {
            // Binding a source brings its unit and decimals along, in the same undoable step.
            const source = binding && dataSources.find((s) => s.id === binding.data_source_id);
            const { bindings } = bindingsPatch(element, 'value', binding);
            onChange(
              source
                ? {
                    bindings,
                    settings: { ...element.settings, unit: source.unit, decimals: source.decimals },
                  }
                : { bindings },
            );
          }}
        />
        <div className="iot-prop-inline">
          <TextField
            label={t('designer.form.unit')}
            value={settingString(element.settings, 'unit', '')}
            maxLength={16}
            onChange={(unit) => patch.setting('unit', unit)}
          />
          <NumberField
            label={t('designer.form.decimals')}
            value={decimalsOf(element.settings)}
            min={0}
            max={DECIMALS_MAX}
            precision={0}
            placeholder={t('designer.form.decimalsAsReported')}
            onChange={(decimals) => patch.setting('decimals', decimals)}
          />
        </div>
        <SwitchField
          label={t('designer.form.showUnit')}
          value={settingBoolean(element.settings, 'showUnit', true)}
          onChange={(on) => patch.setting('showUnit', on)}
        />
      </FieldSection>
      <LookFields {...props} fields={['fontColor', 'backgroundColor', 'stroke', 'font', 'textAlign']} />
      <ConditionsField element={element} onChange={onChange} />
      <FlickerSection element={element} onChange={onChange} />
    </>
  );
}

export const valueElement: ElementDefinition = {
  type: 'value',
  category: 'data',
  i18nKey: 'designer.elements.value',
  defaultSize: { w: 120, h: 32 },
  defaultSettings: () => ({
    unit: '',
    decimals: null,
    showUnit: true,
    fontColor: '#1d2129',
    backgroundColor: null,
    stroke: null,
    font: '16px sans-serif',
    textAlign: 'center',
    conditions: [],
  }),
  bindingKeys: ['value'],
  stateful: false,
  component: ValueElement,
  settingsForm: ValueSettings,
};
