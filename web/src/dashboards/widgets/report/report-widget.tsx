// A saved report's chart on a card: the report's definition and statistic through the dashboard's source (the same
// calls as the report preview, lib/reports; a share link's page reads both in one GET /yun/shared/dashboard/report),
// drawn by the report chart registry in the dashboard's chart theme, over the report's own
// range in the viewer's zone, refreshed every `refresh_s` seconds (0: the report's own interval), asked only while the
// card is seen. A report that is gone says so on the card; the other cards keep running.
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportChart } from '@/components/charts/report/report-chart';
import { toColourConditions } from '@/components/charts/report/conditions';
import { isApiError } from '@/lib/http';
import { isReportGone, refreshMs } from '@/lib/reports/statistic';
import { isRefusedRead } from '@/lib/share-links/share-codes';
import { viewerZone } from '@/lib/timezone';
import { useDashboardSource } from '../../data/source';
import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import '../common/widgets.css';

export default function ReportWidget({ settings, visible, theme }: WidgetProps<'report'>) {
  const { t } = useTranslation();
  const source = useDashboardSource();
  const id = settings.report_id ?? null;
  const range = useMemo(() => ({ tz: viewerZone() }), []);
  const report = source.useReport(id, range, visible);
  const every = refreshMs(settings.refresh_s > 0 ? settings.refresh_s : report.data?.refresh_interval);
  // Asked beside the definition, not after it (one wave of requests less on opening; B6).
  const statistic = source.useStatistic(id, range, every, visible);
  const conditions = useMemo(() => toColourConditions(report.data?.conditions), [report.data?.conditions]);

  if (id === null) return <CardMessage kind="info" title={t('dashboards.widgets.report.none')} />;
  const error = report.error ?? statistic.error;
  if (isReportGone(error) || isRefusedRead(error))
    return (
      <CardMessage
        kind="missing"
        title={t('dashboards.widgets.report.gone')}
        hint={t('dashboards.widgets.report.goneHint', { id })}
      />
    );
  if (report.error)
    return (
      <CardMessage
        kind="error"
        title={t('dashboards.widgets.report.failed')}
        hint={isApiError(report.error) ? report.error.detail : undefined}
      />
    );
  if (!report.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <div className="dbw-fill">
      <ReportChart
        chartType={report.data.chart_type}
        sort={report.data.sort?.by === 'value' ? report.data.sort.order : undefined}
        theme={theme.chartTheme}
        conditions={conditions}
        data={statistic.data}
        loading={statistic.isPending}
        error={statistic.error}
        onRetry={() => void statistic.refetch()}
        height="100%"
      />
    </div>
  );
}
