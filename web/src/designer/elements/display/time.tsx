// Date and time: the current time in a chosen format, updated once a second by the one shared clock (clock.ts).
// On the canvas it shows a fixed sample time, so the canvas never re-renders for it.
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

import { FieldSection, SelectField, useSettingPatch } from '../form';
import { FlickerSection } from '../flicker-field';
import { boxStyle, classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingChoice } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { useClock } from './clock';

export const TIME_FORMATS = [
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD',
  'HH:mm:ss',
  'HH:mm',
  'YYYY/MM/DD HH:mm',
  'MM-DD HH:mm',
] as const;
type TimeFormat = (typeof TIME_FORMATS)[number];
/** 2026-01-01 08:30:00 local time: the canvas's sample. */
export const SAMPLE_TIME = new Date(2026, 0, 1, 8, 30, 0).getTime();

function TimeElement(props: ElementRenderProps) {
  const { look, flickerClass, flickerStyle } = useLook(props);
  const format = settingChoice(props.element.settings, 'format', TIME_FORMATS, TIME_FORMATS[0]);
  const time = useClock(props.mode !== 'edit', SAMPLE_TIME);
  return (
    <div
      className={classes('iot-el iot-el--box', flickerClass)}
      style={{ ...boxStyle(look), ...flickerStyle }}
    >
      <span className="iot-el-text">{dayjs(time).format(format)}</span>
    </div>
  );
}

function TimeSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(props.element, props.onChange);
  return (
    <>
      <FieldSection title={t('designer.form.data')}>
        <SelectField<TimeFormat>
          label={t('designer.form.timeFormat')}
          value={settingChoice(props.element.settings, 'format', TIME_FORMATS, TIME_FORMATS[0])}
          options={TIME_FORMATS.map((format) => ({
            value: format,
            label: `${format} (${dayjs(SAMPLE_TIME).format(format)})`,
          }))}
          onChange={(format) => patch.setting('format', format ?? TIME_FORMATS[0])}
        />
      </FieldSection>
      <LookFields {...props} fields={['fontColor', 'backgroundColor', 'stroke', 'font', 'textAlign']} />
      <FlickerSection element={props.element} onChange={props.onChange} />
    </>
  );
}

export const timeElement: ElementDefinition = {
  type: 'time',
  category: 'basic',
  i18nKey: 'designer.elements.time',
  defaultSize: { w: 180, h: 32 },
  defaultSettings: () => ({
    format: TIME_FORMATS[0],
    fontColor: '#1d2129',
    backgroundColor: null,
    stroke: null,
    font: '14px sans-serif',
    textAlign: 'center',
  }),
  bindingKeys: [],
  stateful: false,
  component: TimeElement,
  settingsForm: TimeSettings,
};
