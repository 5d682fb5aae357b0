// The settings sections of lines, polylines and pipes: the line (colour, width, dashes), the points, and the flow
// (the data source whose value drives it, the fluid's colour, the speed per unit of value).
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import {
  BindingField,
  ColourField,
  FieldSection,
  NumberField,
  SwitchField,
  TextField,
  useSettingPatch,
} from '../form';
import { settingBoolean, settingNumber, settingOptionalString } from '../settings';
import type { SettingsFormProps } from '../types';
import { formatPoints, parsePoints, readPoints, type Point } from './points';
import './shapes.css';
import { useState } from 'react';

export const FLOW_BINDING = 'flow';
const WIDTH_MAX = 100;

interface StrokeFieldsProps extends Pick<SettingsFormProps, 'element' | 'onChange'> {
  widthDefault: number;
  dashes?: boolean;
  /** The pipe's interior colour (`fillColor`). */
  fill?: boolean;
}

export function StrokeFields({ element, onChange, widthDefault, dashes, fill }: StrokeFieldsProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  return (
    <FieldSection title={t('designer.form.look')}>
      <div className="iot-prop-inline">
        <ColourField
          label={t('designer.form.lineColour')}
          value={settingOptionalString(settings, 'stroke')}
          onChange={(c) => patch.setting('stroke', c)}
        />
        {fill && (
          <ColourField
            label={t('designer.form.fillColour')}
            value={settingOptionalString(settings, 'fillColor')}
            onChange={(c) => patch.setting('fillColor', c)}
          />
        )}
      </div>
      <NumberField
        label={t('designer.form.strokeWidth')}
        value={settingNumber(settings, 'strokeWidth', widthDefault)}
        min={1}
        max={WIDTH_MAX}
        emptyValue={widthDefault}
        onChange={(width) => patch.setting('strokeWidth', width)}
      />
      {dashes && (
        <SwitchField
          label={t('designer.form.dashed')}
          value={settingBoolean(settings, 'dashed', false)}
          onChange={(on) => patch.setting('dashed', on)}
        />
      )}
    </FieldSection>
  );
}

export function PointsField({
  element,
  onChange,
  fallback,
}: Pick<SettingsFormProps, 'element' | 'onChange'> & { fallback: readonly Point[] }) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const stored = formatPoints(readPoints(element.settings, fallback));
  // A malformed text stays in the field with its error and is not saved; the drawing keeps the last good points.
  const [invalid, setInvalid] = useState(false);
  return (
    <FieldSection title={t('designer.form.points')}>
      <TextField
        label={t('designer.form.points')}
        value={stored}
        multiline
        invalid={invalid}
        extra={t(invalid ? 'designer.form.pointsInvalid' : 'designer.form.pointsHint')}
        onChange={(text) => {
          const points = parsePoints(text);
          setInvalid(points === null);
          if (points) patch.setting('points', points);
        }}
      />
    </FieldSection>
  );
}

export function FlowFields({
  element,
  dataSources,
  onChange,
  optional,
}: SettingsFormProps & { optional?: boolean }) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  const on = !optional || settingBoolean(settings, 'flow', false);
  return (
    <FieldSection title={t('designer.form.flow')}>
      {optional && (
        <SwitchField
          label={t('designer.form.flowOn')}
          value={on}
          onChange={(next) => patch.setting('flow', next)}
        />
      )}
      {on && (
        <>
          <BindingField
            label={t('designer.form.flowSource')}
            value={element.bindings[FLOW_BINDING]}
            dataSources={dataSources}
            onChange={(b) => patch.binding(FLOW_BINDING, b)}
          />
          <ColourField
            label={t('designer.form.fluidColour')}
            value={settingOptionalString(settings, 'fluidColor')}
            onChange={(c) => patch.setting('fluidColor', c)}
          />
          <NumberField
            label={t('designer.form.flowSpeed')}
            value={settingNumber(settings, 'speed', 20)}
            min={0.01}
            max={10000}
            emptyValue={20}
            addonAfter={t('designer.form.flowSpeedUnit')}
            onChange={(speed) => patch.setting('speed', speed)}
          />
        </>
      )}
    </FieldSection>
  );
}

/** Where the path's ends are attached (model/connectors.ts), each with a button that lets it go where it is; the
 * attaching itself is done on the canvas, by dragging an end onto a port. */
export function AttachFields({ element, onChange }: Pick<SettingsFormProps, 'element' | 'onChange'>) {
  const { t } = useTranslation();
  const attach = element.attach;
  return (
    <FieldSection title={t('designer.form.attach.title')}>
      {(['start', 'end'] as const).map((end) => {
        const anchor = attach?.[end] ?? null;
        return (
          <div key={end} className="iot-attach-end" data-attach-end={end}>
            <span className="iot-attach-end__label">{t(`designer.form.attach.${end}`)}</span>
            <span className="iot-attach-end__state">
              {anchor
                ? t('designer.form.attach.to', {
                    element: anchor.element,
                    port: t(`designer.form.attach.ports.${anchor.port}`, { defaultValue: anchor.port }),
                  })
                : t('designer.form.attach.free')}
            </span>
            {anchor && attach && (
              <Button
                size="small"
                onClick={() => {
                  const next = { ...attach, [end]: null };
                  onChange({ attach: next.start === null && next.end === null ? null : next });
                }}
              >
                {t('designer.form.attach.detach')}
              </Button>
            )}
          </div>
        );
      })}
      <div className="iot-prop-field__extra">{t('designer.form.attach.hint')}</div>
    </FieldSection>
  );
}
