// The report designer's form (docs/api-reports.md "A report"): title, chart type (with icons), table kind and its
// fields — dimension, comparison, value and aggregation —, time bucket and default range, gap fill, filters, sort,
// refresh, export, the devices and data sources of history data, the group, and the chart's style — its theme and
// data colour conditions. Its rules are the server's
// (lib/form.ts), with the same texts; a refusal of the server shows beside the field it names.
import {
  Alert,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Segmented,
  Select,
  Switch,
} from 'antd';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { CHART_ENTRIES, COLOUR_CONDITIONS_MAX } from '@/components/charts/report';
import { DataSourcePicker } from '@/components/pickers/data-source-picker';
import { DevicePicker } from '@/components/pickers/device-picker';
import { useLiveValues } from '@/lib/telemetry/get-live-values';
import {
  REPORT_COMPARISON_MAX,
  REPORT_DEVICES_MAX,
  REPORT_DIMENSION_GROUPS_MAX,
  REPORT_REFRESH_MAX_S,
  REPORT_TIME_UNITS,
  REPORT_TITLE_MAX,
} from '@/types/limits.gen';
import {
  comparisonFields,
  dimensionFields,
  fieldKey,
  KIND_FIELDS,
  TABLE_KINDS,
  type TableKind,
} from '../lib/fields';
import { FILL_MODES, kindChange, reportRules, type ReportFormValues } from '../lib/form';
import {
  PRESET_SETTINGS,
  presetOf,
  REPORT_RANGE_PRESETS,
  type ReportRangePreset,
} from '../lib/range-presets';
import type { ReportGroup, TimeUnit } from '../types';
import { ConditionsEditor } from './conditions-editor';
import { FiltersEditor } from './filters-editor';
import { ThemePicker } from './theme-picker';

const TIME_UNITS = REPORT_TIME_UNITS as readonly TimeUnit[];

interface ReportFormProps {
  form: FormInstance<ReportFormValues>;
  initialValues: ReportFormValues;
  groups: readonly ReportGroup[];
  /** A refusal that names no field of the form. */
  error: string | null;
  onErrorChange: (error: string | null) => void;
  onValuesChange: () => void;
  onFinish: (values: ReportFormValues) => void;
}

/** The data sources of the report's first device (history data: a report's devices share their template's). */
function SourcesPicker({ deviceId, ...rest }: { deviceId: number | undefined }) {
  const { t } = useTranslation();
  const live = useLiveValues(deviceId ?? 0, deviceId !== undefined);
  const sources = useMemo(
    () => (live.data?.items ?? []).filter((i) => i.data_type !== 'string'),
    [live.data],
  );
  return (
    <DataSourcePicker<number[]>
      mode="multiple"
      maxTagCount="responsive"
      aria-label={t('reports.design.dataSources')}
      placeholder={
        deviceId === undefined
          ? t('reports.design.pickDeviceFirst')
          : t('reports.design.dataSourcesPlaceholder')
      }
      disabled={deviceId === undefined}
      loading={live.isFetching}
      sources={sources}
      {...rest}
    />
  );
}

export function ReportForm({
  form,
  initialValues,
  groups,
  error,
  onErrorChange,
  onValuesChange,
  onFinish,
}: ReportFormProps) {
  const { t } = useTranslation();
  // The rules read their texts when they fire, in the language of the moment.
  const rules = useMemo(() => reportRules(), []);
  const kind = (Form.useWatch('table_kind', form) as TableKind | undefined) ?? initialValues.table_kind;
  const fill = Form.useWatch('fill', form) as ReportFormValues['fill'] | undefined;
  const sortBy = Form.useWatch('sort_by', form) as ReportFormValues['sort_by'] | undefined;
  const devices = (Form.useWatch('device_ids', form) as number[] | undefined) ?? [];
  const timeUnit = Form.useWatch('time_unit', form) as TimeUnit | undefined;
  const timeOffset = Form.useWatch('time_offset', form) as number | undefined;
  const fieldOptions = (ids: readonly number[]) => ids.map((id) => ({ value: id, label: t(fieldKey(id)) }));

  return (
    <Form<ReportFormValues>
      form={form}
      name="report-design"
      layout="vertical"
      initialValues={initialValues}
      scrollToFirstError
      onValuesChange={(changed: Partial<ReportFormValues>) => {
        if (error) onErrorChange(null);
        if (changed.table_kind !== undefined) form.setFieldsValue(kindChange(changed.table_kind));
        if (changed.time_unit !== undefined)
          void form.validateFields(['time_offset', 'range']).catch(() => undefined);
        onValuesChange();
      }}
      onFinish={onFinish}
    >
      {error && <Alert type="error" showIcon title={error} className="report-form__alert" />}
      <Form.Item name="title" label={t('reports.design.title')} rules={rules.title} required>
        <Input maxLength={REPORT_TITLE_MAX} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="chart_type" label={t('reports.design.chartType')} required>
        <Radio.Group optionType="button" className="report-form__types">
          {CHART_ENTRIES.map((e) => {
            const Icon = e.icon;
            return (
              <Radio.Button key={e.code} value={e.code} aria-label={t(e.i18nKey)}>
                <Icon /> {t(e.i18nKey)}
              </Radio.Button>
            );
          })}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="table_kind" label={t('reports.design.tableKind')} required>
        <Select<number>
          options={TABLE_KINDS.map((k) => ({ value: k, label: t(`reports.kind.k${String(k)}`) }))}
        />
      </Form.Item>

      <Divider titlePlacement="start">{t('reports.design.fields')}</Divider>
      <Form.Item
        name="dimension_field_id"
        label={t('reports.design.dimension')}
        rules={rules.dimension_field_id}
        required
        extra={t('reports.design.dimensionHint', { max: REPORT_DIMENSION_GROUPS_MAX })}
      >
        <Select<number[]> mode="multiple" options={fieldOptions(dimensionFields(kind))} />
      </Form.Item>
      <Form.Item
        name="compare_filed_id"
        label={t('reports.design.comparison')}
        rules={rules.compare_filed_id}
        extra={t('reports.design.comparisonHint', { max: REPORT_COMPARISON_MAX })}
      >
        <Select<number[]> mode="multiple" allowClear options={fieldOptions(comparisonFields(kind))} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="aggregate_filed_id"
            label={t('reports.design.valueField')}
            rules={rules.aggregate_filed_id}
            required
          >
            <Select<number> options={fieldOptions(KIND_FIELDS[kind].fields)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="aggregation"
            label={t('reports.design.aggregation')}
            rules={rules.aggregation}
            required
          >
            <Select
              options={KIND_FIELDS[kind].aggregations.map((a) => ({
                value: a,
                label: t(`reports.aggregation.${a}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      {kind === 6 && (
        <>
          <Form.Item
            name="device_ids"
            label={t('reports.design.devices')}
            rules={rules.device_ids}
            required
            extra={t('reports.design.pairsHint', { max: REPORT_DEVICES_MAX })}
          >
            <DevicePicker<number[]>
              mode="multiple"
              maxCount={REPORT_DEVICES_MAX}
              aria-label={t('reports.design.devices')}
            />
          </Form.Item>
          <Form.Item
            name="data_source_ids"
            label={t('reports.design.dataSources')}
            rules={rules.data_source_ids}
            dependencies={['device_ids']}
            required
          >
            <SourcesPicker deviceId={devices[0]} />
          </Form.Item>
        </>
      )}

      <Divider titlePlacement="start">{t('reports.design.time')}</Divider>
      <Form.Item label={t('reports.rangePreset.label')} extra={t('reports.rangePreset.hint')}>
        <Segmented<ReportRangePreset | 'custom'>
          aria-label={t('reports.rangePreset.label')}
          value={presetOf(timeUnit, timeOffset) ?? 'custom'}
          options={[
            ...REPORT_RANGE_PRESETS.map((p) => ({ value: p, label: t(`reports.rangePreset.${p}`) })),
            { value: 'custom' as const, label: t('reports.rangePreset.custom') },
          ]}
          onChange={(next) => {
            if (next === 'custom') return;
            const { time_unit, time_offset } = PRESET_SETTINGS[next];
            // A preset is a length up to now: it clears a fixed range.
            form.setFieldsValue({ time_unit, time_offset, range: undefined });
            void form.validateFields(['time_offset', 'range']).catch(() => undefined);
            if (error) onErrorChange(null);
            onValuesChange();
          }}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="time_unit" label={t('reports.design.timeUnit')} required>
            <Select options={TIME_UNITS.map((u) => ({ value: u, label: t(`reports.unit.${u}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="time_offset"
            label={t('reports.design.timeOffset')}
            rules={rules.time_offset}
            dependencies={['time_unit']}
            required
          >
            <InputNumber min={1} max={100000} precision={0} className="report-form__number" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="range"
        label={t('reports.design.range')}
        rules={rules.range}
        dependencies={['time_unit']}
        extra={t('reports.design.rangeHint')}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[false, false]}
          className="report-form__range"
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="fill" label={t('reports.design.fill')}>
            <Select options={FILL_MODES.map((f) => ({ value: f, label: t(`reports.fill.${f}`) }))} />
          </Form.Item>
        </Col>
        {fill === 'number' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="fill_value"
              label={t('reports.design.fillValue')}
              rules={[{ required: true, message: t('reports.design.fillValueRequired') }]}
            >
              <InputNumber className="report-form__number" />
            </Form.Item>
          </Col>
        )}
      </Row>

      <Divider titlePlacement="start">{t('reports.design.filters')}</Divider>
      <FiltersEditor kind={kind} rules={rules.filters} />

      <Divider titlePlacement="start">{t('reports.design.display')}</Divider>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="sort_by" label={t('reports.design.sort')}>
            <Select
              options={(['none', 'dimension', 'value'] as const).map((s) => ({
                value: s,
                label: t(`reports.sort.${s}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort_order" label={t('reports.design.order')}>
            <Select
              disabled={sortBy === 'none'}
              options={(['asc', 'desc'] as const).map((o) => ({ value: o, label: t(`reports.order.${o}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="refresh_interval"
            label={t('reports.design.refresh')}
            rules={rules.refresh_interval}
            extra={t('reports.design.refreshHint')}
          >
            <InputNumber min={0} max={REPORT_REFRESH_MAX_S} precision={0} className="report-form__number" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="group_id" label={t('reports.design.group')}>
            <Select<number>
              options={[
                { value: 0, label: t('reports.group.none') },
                ...groups.map((g) => ({ value: g.id, label: g.name })),
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="exportable" label={t('reports.design.exportable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="theme" label={t('report.charts.theme.label')}>
        <ThemePicker aria-label={t('report.charts.theme.label')} />
      </Form.Item>
      <Form.Item
        label={t('report.charts.conditions.label')}
        extra={t('report.charts.conditions.hint', { max: COLOUR_CONDITIONS_MAX })}
      >
        <ConditionsEditor rules={rules.conditions} />
      </Form.Item>
    </Form>
  );
}
