// The trend chart (issue 15 point 3): up to four bound data sources as lines over a history window the runtime
// fills (TrendHistoryContext), with live points appended from the bound values. The editor draws a light static
// sample and never loads ECharts.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { buildTrendOption } from '@/components/charts/history';
import { colors } from '@/lib/theme';
import type { HistorySeries } from '@/lib/telemetry/types';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { useTrendHistory } from './context';
import { BindingField, FieldSection, NumberField, TextField, useSettingPatch } from '../form';
import { settingString } from '../settings';
import { ChoiceField, DecimalsField, UnitField } from './control-fields';
import { settingOptionalNumber } from './settings';
import { appendLive, joinSeries, TREND_UNITS, trendWindowMs, type LiveBuffer } from './trend-option';
import './controls.css';

const TrendEChart = lazy(() => import('./trend-echart'));

export const TREND_KEYS = ['value', 'value2', 'value3', 'value4'] as const;

function seriesNames(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.map((name) => (typeof name === 'string' ? name : '')) : [];
}

/** The editor's sample: a few grey waves, so the element reads as a trend at a glance. */
function TrendSample({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 200 100"
      width="100%"
      height="100%"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <path d="M0 99.5H200M0.5 0V100" stroke={colors.borderStrong} fill="none" />
      <path
        d="M0 70 C20 60 30 40 50 45 S80 75 100 60 S140 20 160 30 S190 50 200 40"
        stroke={colors.primary}
        strokeWidth={2}
        fill="none"
      />
      <path
        d="M0 85 C30 80 50 82 80 78 S140 70 160 74 S190 72 200 70"
        stroke={colors.cyan}
        strokeWidth={2}
        fill="none"
      />
    </svg>
  );
}

function TrendLive({ element, values }: Pick<ElementRenderProps, 'element' | 'values'>) {
  const { t } = useTranslation();
  const { settings } = element;
  const windowMs = trendWindowMs(settings);
  const keys = useMemo(() => TREND_KEYS.filter((key) => key in element.bindings), [element.bindings]);
  const history = useTrendHistory()(element);
  const [live, setLive] = useState<LiveBuffer>(() => appendLive({}, values, keys, windowMs));
  const [seen, setSeen] = useState(values);
  // Each new set of values is appended once, while rendering (React's "adjust state on a prop change").
  if (seen !== values) {
    setSeen(values);
    setLive((buffer) => appendLive(buffer, values, keys, windowMs));
  }

  const names = seriesNames(settings.names);
  const unit = settingString(settings, 'unit', '');
  const series: HistorySeries[] = keys.map((key) => ({
    id: TREND_KEYS.indexOf(key) + 1,
    name:
      names[TREND_KEYS.indexOf(key)] ||
      t('designer.controls.chart.seriesName', { n: TREND_KEYS.indexOf(key) + 1 }),
    unit: unit || null,
    decimals: settingOptionalNumber(settings, 'decimals'),
    points: joinSeries(history?.[key], live[key]),
  }));
  // The window ends at the newest point: the screen's clock may differ from the device's.
  const end = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p[0])));
  const option = buildTrendOption(series, end > 0 ? [end - windowMs, end] : undefined);
  return <TrendEChart option={option} label={t('designer.elements.chart')} />;
}

function ChartElement({ element, mode, values }: ElementRenderProps) {
  const { t } = useTranslation();
  return (
    <div className="designer-trend">
      {mode === 'edit' ? (
        <TrendSample label={t('designer.controls.chart.sample')} />
      ) : (
        <Suspense fallback={<TrendSample label={t('designer.controls.chart.sample')} />}>
          <TrendLive element={element} values={values} />
        </Suspense>
      )}
    </div>
  );
}

function ChartSettings({ element, dataSources, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { settings } = element;
  const names = TREND_KEYS.map((_key, i) => seriesNames(settings.names)[i] ?? '');
  return (
    <>
      {TREND_KEYS.map((key, i) => (
        <FieldSection key={key} title={t('designer.controls.chart.seriesName', { n: i + 1 })}>
          <BindingField
            label={t('designer.controls.field.source')}
            value={element.bindings[key]}
            dataSources={dataSources}
            onChange={(binding) => {
              patch.binding(key, binding);
            }}
          />
          <TextField
            label={t('designer.controls.chart.name')}
            value={names[i] ?? ''}
            placeholder={dataSources.find((s) => s.id === element.bindings[key]?.data_source_id)?.name}
            onChange={(name) => {
              patch.setting(
                'names',
                names.map((old, j) => (j === i ? name : old)),
              );
            }}
          />
        </FieldSection>
      ))}
      <NumberField
        label={t('designer.controls.chart.window')}
        value={settingOptionalNumber(settings, 'window')}
        min={1}
        precision={0}
        onChange={(window) => {
          patch.setting('window', window);
        }}
      />
      <ChoiceField
        element={element}
        patch={patch}
        label={t('designer.controls.chart.windowUnit')}
        settingKey="window_unit"
        choices={TREND_UNITS}
        fallback="minute"
        labelKey="designer.controls.chart.units"
      />
      <UnitField element={element} patch={patch} />
      <DecimalsField value={settingOptionalNumber(settings, 'decimals')} patch={patch} />
    </>
  );
}

export const chartElement: ElementDefinition = {
  type: 'chart',
  category: 'chart',
  i18nKey: 'designer.elements.chart',
  defaultSize: { w: 360, h: 200 },
  defaultSettings: () => ({ window: 1, window_unit: 'hour', unit: '', decimals: null, names: [] }),
  bindingKeys: TREND_KEYS,
  stateful: false,
  component: ChartElement,
  settingsForm: ChartSettings,
};
