// A report's chart drawn from its statistic by the chart registry: the indicator card, the table, or an ECharts option
// in the ECharts host. The report preview, the report designer and the dashboard's report widget draw with it.
// Loading, failed, empty, and a report whose device or data source is gone (118205 / 115401) each read as a message
// in the chart's place.
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton, Table, Typography } from 'antd';
import { useContext, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { isMissingSource, toReportResult } from '@/lib/reports/statistic';
import type { ReportStatistic } from '@/lib/reports/types';
import { withUnit } from '@/lib/telemetry/format';
import { useFitScale } from '@/components/use-fit-scale';
import { EChart } from '../echart';
import { formatNumber } from './format';
import { chartEntry } from './registry';
import { ChartSurfaceContext, onSurface, type ChartSurface } from './surface';
import { chartTheme } from './themes';
import type { CardModel, ColourCondition, SortOrder, TableModel } from './types';
import './report-chart.css';

export interface ReportChartProps {
  chartType: number;
  title?: string | undefined;
  /** Category order by value (the report's sort by value). */
  sort?: SortOrder | undefined;
  /** The report's chart theme (an unknown or missing one: the default). */
  theme?: string | null | undefined;
  /** The report's data colour conditions, in the builders' form (toColourConditions). */
  conditions?: readonly ColourCondition[] | undefined;
  data: ReportStatistic | undefined;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  height?: number | string;
}

/** The indicator: its figure sized to its box (smaller in a narrow one; on a dashboard's card, up to the surface's
 * `grow` larger in a large one), so a figure is never cut whatever the card's size. */
function CardView({ model, surface }: { model: CardModel; surface: ChartSurface | null }) {
  const { i18n } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const scale = useFitScale(box, content, { max: surface?.grow ?? 1 });
  const Arrow =
    model.trend?.direction === 'up'
      ? ArrowUpOutlined
      : model.trend?.direction === 'down'
        ? ArrowDownOutlined
        : MinusOutlined;
  return (
    <div
      ref={setBox}
      className={surface ? 'report-card report-card--fill' : 'report-card'}
      style={{ '--report-card-scale': scale } as CSSProperties}
    >
      <div ref={setContent} className="report-card__content">
        {model.title && <div className="report-card__title">{model.title}</div>}
        <div className="report-card__value" style={{ color: model.colour }}>
          {model.value === null ? EMPTY : formatNumber(model.value, i18n.language, model.decimals)}
          {model.unit && <span className="report-card__unit">{model.unit}</span>}
        </div>
        {model.trend && (
          <Typography.Text type="secondary" className="report-card__trend">
            <Arrow /> {formatNumber(Math.abs(model.trend.delta), i18n.language, model.decimals)}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

function TableView({ model }: { model: TableModel }) {
  const { t, i18n } = useTranslation();
  const columns = model.columns.map((c, index) => ({
    key: c.key,
    title: c.i18nKey ? t(c.i18nKey) : withUnit(c.title, c.unit),
    align: c.align,
    render: (_: unknown, row: TableModel['rows'][number]) => {
      if (index === 0) return row.category;
      const value = row.values[index - 1] ?? null;
      const colour = row.colours[index - 1] ?? null;
      return (
        <span style={colour ? { color: colour } : undefined}>
          {formatNumber(value, i18n.language, c.decimals)}
        </span>
      );
    },
  }));
  return (
    <Table
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={model.rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
    />
  );
}

export function ReportChart({
  chartType,
  title,
  sort,
  theme,
  conditions,
  data,
  loading,
  error,
  onRetry,
  height = 360,
}: ReportChartProps) {
  const { t, i18n } = useTranslation();
  const surface = useContext(ChartSurfaceContext);
  const entry = chartEntry(chartType);
  const drawn = useMemo(() => {
    if (!entry || !data) return null;
    const options = {
      theme: onSurface(chartTheme(theme), surface),
      locale: i18n.language,
      ...(surface ? { compact: true } : {}),
      ...(conditions && conditions.length > 0 ? { conditions } : {}),
      ...(title ? { title } : {}),
      ...(sort ? { sort } : {}),
    };
    const result = toReportResult(data);
    switch (entry.kind) {
      case 'card':
        return { kind: 'card' as const, model: entry.build(result, options) };
      case 'table':
        return { kind: 'table' as const, model: entry.build(result, options) };
      default:
        return { kind: 'echarts' as const, option: entry.build(result, options), parts: entry.parts };
    }
  }, [entry, data, title, sort, theme, conditions, surface, i18n.language]);

  if (error && isMissingSource(error))
    return (
      <Result
        status="warning"
        className="report-chart__message"
        title={t('reports.chart.sourceGone')}
        subTitle={isApiError(error) ? `${error.detail} · ${t('reports.chart.sourceGoneHint')}` : undefined}
      />
    );
  if (error && !data)
    return (
      <Result
        status="error"
        className="report-chart__message"
        title={t('reports.chart.loadFailed')}
        subTitle={isApiError(error) ? error.detail : undefined}
        extra={
          onRetry && (
            <Button icon={<ReloadOutlined />} onClick={onRetry}>
              {t('reports.action.retry')}
            </Button>
          )
        }
      />
    );
  if (loading && !data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!entry) return <Empty description={t('reports.chart.unknownType')} />;
  if (!drawn || !data || data.categories.length === 0 || data.series.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.chart.noData')} />;
  if (drawn.kind === 'card') return <CardView model={drawn.model} surface={surface} />;
  if (drawn.kind === 'table') return <TableView model={drawn.model} />;
  // The canvas read aloud: the chart's type and the series it draws (which device a linked card's trend follows).
  const names = data.series.map((s) => s.name).join(t('report.charts.listSeparator'));
  const label = t('report.charts.label', { type: t(entry.i18nKey), series: names });
  return (
    <EChart
      // The host registers a chart's parts once, when it starts: another type starts another chart.
      key={chartType}
      option={drawn.option}
      parts={drawn.parts}
      height={height}
      ariaLabel={title ? `${label}: ${title}` : label}
    />
  );
}
