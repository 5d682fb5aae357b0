// A saved report's chart on a card: the report's definition and statistic through the dashboard's source (the same
// calls as the report preview, lib/reports; a share link's page reads both in one GET /yun/shared/dashboard/report),
// drawn by the report chart registry in the dashboard's chart theme, over the report's own
// range in the viewer's zone, refreshed every `refresh_s` seconds (0: the report's own interval), asked only while the
// card is seen. A card following the device tree draws a history report for the device picked there (the report's
// own devices until one is picked; the other kinds count every device anyway), keeping the last chart while the next
// one comes. A report that is gone says so on the card, as does a picked device the report cannot be drawn for; the
// other cards keep running.
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ReportChart } from '@/components/charts/report/report-chart';
import { toColourConditions } from '@/components/charts/report/conditions';
import { isApiError } from '@/lib/http';
import { HISTORY_KIND, isReportGone, refreshMs } from '@/lib/reports/statistic';
import { isRefusedRead } from '@/lib/share-links/share-codes';
import { viewerZone } from '@/lib/timezone';
import { isGone } from '../../data/gone';
import { useDashboardSource } from '../../data/source';
import { targetDevice } from '../../data/target';
import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import '../common/widgets.css';

/** Why a statistic drawn for a picked device was refused: the device is not there for the viewer (110506 on device;
 * 118302 on device on a share link's page), or it does not publish the report's data sources (115401: another
 * template's device). Null for any other failure. */
function pickRefusal(error: unknown): 'deviceGone' | 'otherTemplate' | null {
  if (!isApiError(error)) return null;
  if (error.field === 'device' && isGone(error)) return 'deviceGone';
  if (error.code === '115401') return 'otherTemplate';
  return null;
}

export default function ReportWidget({ card, settings, visible, linkage, theme }: WidgetProps<'report'>) {
  const { t } = useTranslation();
  const source = useDashboardSource();
  const id = settings.report_id ?? null;
  const range = useMemo(() => ({ tz: viewerZone() }), []);
  const report = source.useReport(id, range, visible);
  const every = refreshMs(settings.refresh_s > 0 ? settings.refresh_s : report.data?.refresh_interval);
  // A device picked in the tree redraws a history report only: the card waits for the report's kind then. Otherwise
  // the statistic is asked beside the definition, not after it (one wave of requests less on opening; B6).
  const linkedPick = targetDevice(card.link, null, linkage);
  const picked = linkedPick !== null && report.data?.table_kind === HISTORY_KIND ? linkedPick : null;
  const view = useMemo(() => (picked === null ? range : { ...range, device: picked }), [range, picked]);
  const statistic = source.useStatistic(
    id,
    view,
    every,
    visible && (linkedPick === null || report.isSuccess),
  );
  const conditions = useMemo(() => toColourConditions(report.data?.conditions), [report.data?.conditions]);

  if (id === null) return <CardMessage kind="info" title={t('dashboards.widgets.report.none')} />;
  const refused = picked === null ? null : pickRefusal(statistic.error);
  if (refused !== null)
    return (
      <CardMessage
        kind={refused === 'deviceGone' ? 'missing' : 'info'}
        title={t(`dashboards.widgets.report.${refused}`)}
        hint={t(`dashboards.widgets.report.${refused}Hint`)}
      />
    );
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
