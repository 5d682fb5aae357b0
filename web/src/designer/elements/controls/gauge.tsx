// The gauge (issue 15 point 3): an SVG arc from min to max with a needle or a fill, colour bands on the scale, and
// the value with its decimals and unit. SVG, not ECharts: a screen may hold dozens, each redrawn on every push.
import { useTranslation } from 'react-i18next';

import { formatWithUnit } from '@/lib/telemetry/live';
import { colors } from '@/lib/theme';
import { SYMBOL_FILL, SYMBOL_STROKE } from '../../symbols/style';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { BandsField } from './bands-field';
import { arcPath, bandAt, GAUGE_END, GAUGE_START, gaugeAngle, polar, readBands } from './gauge-geometry';
import { BindingField, useSettingPatch } from '../form';
import { settingChoice, settingNumber, settingString } from '../settings';
import { ChoiceField, RangeFields, UnitField } from './control-fields';
import { settingOptionalNumber } from './settings';
import './controls.css';

export const GAUGE_LOOKS = ['needle', 'fill'] as const;
const CX = 50;
const CY = 52;
const R = 40;
/** In the editor the needle shows where a value at this share of the range would stand. */
const SAMPLE_SHARE = 0.6;

/** The range's end written below the arc, under the angle where the scale stops. */
function ScaleEnd({ angle, value }: { angle: number; value: number }) {
  return (
    <text x={polar(CX, CY, R, angle).x} y={86} textAnchor="middle" fontSize={7} fill={colors.textTertiary}>
      {value}
    </text>
  );
}

function GaugeElement({ element, mode, values }: ElementRenderProps) {
  const { settings } = element;
  const min = settingNumber(settings, 'min', 0);
  const max = settingNumber(settings, 'max', 100);
  const look = settingChoice(settings, 'look', GAUGE_LOOKS, 'needle');
  const bands = readBands(settings.bands ?? null);
  const raw = mode === 'edit' ? min + (max - min) * SAMPLE_SHARE : values.value?.value;
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
  const angle = gaugeAngle(value, min, max);
  const valueColor = bandAt(bands, value)?.color ?? colors.primary;
  const text = formatWithUnit(value, {
    data_type: 'float64',
    decimals: settingOptionalNumber(settings, 'decimals'),
    unit: settingString(settings, 'unit', ''),
  });
  const tip = polar(CX, CY, R - 8, 0);

  return (
    <div className="designer-gauge">
      <svg viewBox="0 0 100 90" width="100%" height="100%" role="img" aria-label={text}>
        <path
          d={arcPath(CX, CY, R, GAUGE_START, GAUGE_END)}
          fill="none"
          stroke={SYMBOL_FILL}
          strokeWidth={8}
        />
        {bands.map((band) => (
          <path
            key={`${String(band.from)}-${String(band.to)}`}
            data-testid="gauge-band"
            d={arcPath(CX, CY, R + 6, gaugeAngle(band.from, min, max), gaugeAngle(band.to, min, max))}
            fill="none"
            stroke={band.color}
            strokeWidth={3}
          />
        ))}
        {look === 'fill' && value !== null && angle > GAUGE_START && (
          <path
            data-testid="gauge-fill"
            d={arcPath(CX, CY, R, GAUGE_START, angle)}
            fill="none"
            stroke={valueColor}
            strokeWidth={8}
          />
        )}
        {look === 'needle' && (
          <g data-testid="gauge-needle" data-angle={angle} transform={`rotate(${String(angle)} ${CX} ${CY})`}>
            <line
              x1={CX}
              y1={CY}
              x2={tip.x}
              y2={tip.y}
              stroke={SYMBOL_STROKE}
              strokeWidth={2.5}
              strokeLinecap="round"
            />
            <circle cx={CX} cy={CY} r={3.5} fill={SYMBOL_STROKE} />
          </g>
        )}
        <text
          x={CX}
          y={CY + 22}
          textAnchor="middle"
          fontSize={11}
          fill={colors.text}
          data-testid="gauge-value"
        >
          {text}
        </text>
        <ScaleEnd angle={GAUGE_START} value={min} />
        <ScaleEnd angle={GAUGE_END} value={max} />
      </svg>
    </div>
  );
}

function GaugeSettings({ element, dataSources, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  return (
    <>
      <BindingField
        label={t('designer.controls.field.source')}
        value={element.bindings.value}
        dataSources={dataSources}
        onChange={(binding) => {
          patch.binding('value', binding);
        }}
      />
      <RangeFields element={element} patch={patch} />
      <UnitField element={element} patch={patch} />
      <ChoiceField
        element={element}
        patch={patch}
        label={t('designer.controls.gauge.look')}
        settingKey="look"
        choices={GAUGE_LOOKS}
        fallback="needle"
        labelKey="designer.controls.gauge.looks"
      />
      <BandsField
        bands={readBands(settings.bands ?? null)}
        onChange={(bands) => {
          patch.setting(
            'bands',
            bands.map((b) => ({ ...b })),
          );
        }}
      />
    </>
  );
}

export const gaugeElement: ElementDefinition = {
  type: 'gauge',
  category: 'chart',
  i18nKey: 'designer.elements.gauge',
  defaultSize: { w: 160, h: 144 },
  defaultSettings: () => ({ min: 0, max: 100, decimals: 1, unit: '', look: 'needle', bands: [] }),
  bindingKeys: ['value'],
  stateful: false,
  component: GaugeElement,
  settingsForm: GaugeSettings,
};
