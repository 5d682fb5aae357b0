// A report full size (/analysis/dashChart/previewChart?id=, P61400): the viewer's range (by default the report's own),
// the browser's zone, refreshed every `refresh_interval` seconds; printed on A4 portrait or landscape, exported to the
// export centre (when the report is exportable), edited in the designer.
import { ArrowLeftOutlined, EditOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { useCan } from '@/components/can';
import {
  printPageSize,
  printRootClass,
  toColourConditions,
  type PaperOrientation,
} from '@/components/charts/report';
import '@/components/charts/report/report-print.css';
import { PageHeader } from '@/components/page-header';
import { Perm } from '@/lib/permissions';
import { useReport } from '@/lib/reports/get-report';
import { useStatistic } from '@/lib/reports/get-statistic';
import { ExportButton } from '../components/export-button';
import { ReportChart } from '@/components/charts/report/report-chart';
import { useReportStates } from '../components/report-states';
import { reportIdOf, reportPaths } from '../lib/format';
import { browserTz, refreshMs } from '@/lib/reports/statistic';
import type { Report } from '../types';
import { pickerPresets } from '../lib/range-presets';
import '../components/reports.css';
import { fromWallClock, zoned } from '@/lib/timezone';

/** The wait for the chart to take the printed size before the print dialog opens. */
const PRINT_LAYOUT_MS = 300;

/** How the report's default range reads: its own start–end, else the last `time_offset` units. */
function useDefaultRangeText(report: Report): string {
  const { t } = useTranslation();
  if (report.start != null && report.end != null)
    return `${zoned(report.start).format('YYYY-MM-DD HH:mm')} ~ ${zoned(report.end).format('YYYY-MM-DD HH:mm')}`;
  return t('reports.preview.lastUnits', {
    count: report.time_offset,
    unit: t(`reports.unit.${report.time_unit ?? 'hour'}`),
  });
}

function PreviewBody({ report }: { report: Report }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDesign = useCan(Perm.DESIGN_CHART);
  const tz = useMemo(() => browserTz(), []);
  const [range, setRange] = useState<[number, number] | null>(
    report.start != null && report.end != null ? [report.start, report.end] : null,
  );
  const [orientation, setOrientation] = useState<PaperOrientation>('landscape');
  const [printing, setPrinting] = useState(false);
  const view = { tz, ...(range ? { start: range[0], end: range[1] } : {}) };
  const statistic = useStatistic(report.id, view, refreshMs(report.refresh_interval));
  const defaultText = useDefaultRangeText(report);
  const conditions = useMemo(() => toColourConditions(report.conditions), [report.conditions]);

  useEffect(() => {
    if (!printing) return undefined;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    const timer = setTimeout(() => {
      window.print();
    }, PRINT_LAYOUT_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const page = printPageSize('A4', orientation);
  const chartHeight = printing
    ? Math.min(page.contentHeight - 80, Math.round(page.contentWidth * 0.75))
    : 'calc(100vh - 300px)';
  const value: [Dayjs, Dayjs] | null = range ? [zoned(range[0]), zoned(range[1])] : null;

  return (
    <div className="page report-preview-page">
      <PageHeader
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('reports.action.back')}
              onClick={() => void navigate(reportPaths.list)}
            />
            {report.title}
          </Space>
        }
        extra={
          <Space wrap>
            {canDesign && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(reportPaths.design(report.id))}>
                {t('reports.action.edit')}
              </Button>
            )}
            {report.exportable && (
              <ExportButton
                label={t('reports.action.export')}
                request={{
                  kind: 'report',
                  report_id: report.id,
                  tz,
                  ...(range ? { start: range[0], end: range[1] } : {}),
                }}
              />
            )}
            <Select<PaperOrientation>
              aria-label={t('reports.preview.paper')}
              value={orientation}
              onChange={setOrientation}
              options={(['portrait', 'landscape'] as const).map((o) => ({
                value: o,
                label: t(`report.charts.print.${o}`),
              }))}
            />
            <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
              {t('reports.action.print')}
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="report-preview__toolbar report-print__hide">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            presets={pickerPresets(t)}
            aria-label={t('reports.preview.range')}
            placeholder={[t('reports.preview.start'), t('reports.preview.end')]}
            value={value}
            onChange={(next) =>
              setRange(
                next?.[0] && next[1]
                  ? [fromWallClock(next[0]).valueOf(), fromWallClock(next[1]).valueOf()]
                  : null,
              )
            }
          />
          <Typography.Text type="secondary">
            {range
              ? t('reports.preview.customRange')
              : t('reports.preview.defaultRange', { range: defaultText })}
          </Typography.Text>
          <span className="report-preview__spacer" />
          {report.refresh_interval > 0 && (
            <Typography.Text type="secondary">
              {t('reports.preview.autoRefresh', { seconds: report.refresh_interval })}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('reports.action.refresh')}
            loading={statistic.isFetching}
            onClick={() => void statistic.refetch()}
          />
        </div>
        <div className={printing ? printRootClass(orientation) : 'report-preview__chart'}>
          <div className="report-print__block">
            <ReportChart
              chartType={report.chart_type}
              title={report.title}
              sort={report.sort?.by === 'value' ? report.sort.order : undefined}
              theme={report.theme}
              conditions={conditions}
              data={statistic.data}
              loading={statistic.isPending}
              error={statistic.error}
              onRetry={() => void statistic.refetch()}
              height={chartHeight}
            />
          </div>
        </div>
      </Card>
    </div>
  );
}

export default function PreviewChartPage() {
  const [search] = useSearchParams();
  const id = reportIdOf(search);
  const report = useReport(id);
  const state = useReportStates(report, id !== null);
  if (state || !report.data) return state;
  return <PreviewBody key={report.data.id} report={report.data} />;
}
