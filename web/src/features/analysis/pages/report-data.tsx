// A report's data as a table (/analysis/reportData?id=, P63000; contract B): a row per category, a column per series,
// paged and sorted by the server, in the viewer's range (by default the report's own) and zone; exported to the
// export centre when the report is exportable. Without an id, a report is chosen first.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Result, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { formatCategory, formatNumber, type ReportBucket } from '@/components/charts/report';
import { PageHeader } from '@/components/page-header';
import { RemoteSelect, type PickerOption } from '@/components/pickers/remote-select';
import { DataTable } from '@/components/table/data-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { withUnit } from '@/lib/telemetry/format';
import { isApiError } from '@/lib/http';
import { param, useListParams, type ParamSpec } from '@/lib/route-params';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { useReport } from '@/lib/reports/get-report';
import { useTableData } from '../api/get-table-data';
import { listReports } from '@/lib/reports/list-reports';
import { ExportButton } from '../components/export-button';
import { reportIdOf } from '../lib/format';
import { browserTz, isMissingSource } from '@/lib/reports/statistic';
import { fromWallClock, zoned } from '@/lib/timezone';
import type { Report, TableDataColumn, TableDataParams } from '../types';
import { pickerPresets } from '../lib/range-presets';
import '../components/reports.css';

interface DataFilters {
  sort_by?: string;
  order?: 'asc' | 'desc';
  start?: number;
  end?: number;
}

const DATA_PARAMS: ParamSpec<DataFilters> = {
  sort_by: param.text,
  order: param.oneOf(['asc', 'desc'] as const),
  start: param.time,
  end: param.time,
};

type Row = Record<string, string | number | null> & { __key: string };

/** A cell as people write it: the dimension's time in the viewer's zone and format ("2026-11-21 17:00", by the
 * report's bucket), a number at its column's decimals (its data source's), text as it is. */
export function tableCell(
  value: string | number | null,
  column: Pick<TableDataColumn, 'key' | 'decimals'>,
  bucket: ReportBucket | null,
  locale: string,
): string {
  if (typeof value === 'number') return formatNumber(value, locale, column.decimals);
  if (value === null) return '';
  return column.key === 'category' ? formatCategory(value, bucket) : value;
}

/** antd's sort order of a column from the request's. */
export function columnSortOrder(
  key: string,
  sortBy: string | undefined,
  order: 'asc' | 'desc' | undefined,
): SortOrder {
  if (sortBy !== key || !order) return null;
  return order === 'asc' ? 'ascend' : 'descend';
}

interface ReportSelectProps {
  value: number | null;
  /** The report shown, so its title reads before a search finds it. */
  current: Report | undefined;
  onChange: (id: number) => void;
}

function ReportSelect({ value, current, onChange }: ReportSelectProps) {
  const { t } = useTranslation();
  const toOption = useCallback((r: Report): PickerOption => ({ value: r.id, label: r.title }), []);
  const known = useMemo(() => (current ? [toOption(current)] : []), [current, toOption]);
  return (
    <RemoteSelect<Report, number>
      className="report-data__select"
      aria-label={t('reports.data.pick')}
      placeholder={t('reports.data.pick')}
      value={value ?? undefined}
      onChange={onChange}
      queryKey={(q) => ['reports', 'picker', q]}
      fetchPage={(q) => listReports({ title: q || undefined, page: 1, page_size: PAGE_SIZE_MAX })}
      toOption={toOption}
      known={known}
      searchingText={t('reports.data.searching')}
      emptyText={t('reports.data.noReports')}
    />
  );
}

export default function ReportDataPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const id = reportIdOf(search);
  const list = useListParams(DATA_PARAMS);
  const { params } = list;
  const tz = useMemo(() => browserTz(), []);
  const report = useReport(id);
  const request: TableDataParams | null =
    id === null
      ? null
      : {
          id,
          tz,
          page: params.page,
          page_size: params.page_size,
          ...(params.start !== undefined && params.end !== undefined
            ? { start: params.start, end: params.end }
            : {}),
          ...(params.sort_by ? { sort_by: params.sort_by, order: params.order ?? 'asc' } : {}),
        };
  const data = useTableData(request);
  const bucket = report.data?.time_unit ?? null;

  const choose = (next: number) => {
    setSearch(new URLSearchParams({ id: String(next) }), { replace: true });
  };

  const columns: ColumnsType<Row> = useMemo(
    () =>
      (data.data?.columns ?? []).map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: withUnit(c.title, c.unit),
        sorter: true,
        sortOrder: columnSortOrder(c.key, params.sort_by, params.order),
        align: c.key === 'category' ? ('left' as const) : ('right' as const),
        render: (v: string | number | null) => tableCell(v, c, bucket, i18n.language),
      })),
    [data.data?.columns, params.sort_by, params.order, i18n.language, bucket],
  );
  const rows: Row[] = useMemo(
    () => (data.data?.items ?? []).map((item, index) => ({ ...item, __key: String(index) })),
    [data.data?.items],
  );
  const range: [Dayjs, Dayjs] | null =
    params.start !== undefined && params.end !== undefined ? [zoned(params.start), zoned(params.end)] : null;

  const body = () => {
    if (id === null)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.data.pickFirst')} />;
    if (report.isError && isApiError(report.error) && report.error.code === '118212')
      return (
        <Result
          status="404"
          title={t('reports.detail.notFound')}
          subTitle={t('reports.detail.notFoundHint')}
        />
      );
    if (data.isError && isMissingSource(data.error))
      return (
        <Result
          status="warning"
          title={t('reports.chart.sourceGone')}
          subTitle={
            isApiError(data.error) ? `${data.error.detail} · ${t('reports.chart.sourceGoneHint')}` : undefined
          }
        />
      );
    if (data.isError && !data.data)
      return (
        <Result
          status="error"
          title={t('reports.data.loadFailed')}
          subTitle={isApiError(data.error) ? data.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void data.refetch()}>
              {t('reports.action.retry')}
            </Button>
          }
        />
      );
    return (
      <DataTable<Row>
        rowKey="__key"
        columns={columns}
        dataSource={rows}
        loading={data.isPending || (data.isFetching && data.isPlaceholderData)}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.chart.noData')} />,
        }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (n) => t('reports.data.rows', { count: n }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.order ? String(s.columnKey ?? s.field ?? '') : undefined;
          const order = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
          const sortChanged = key !== params.sort_by || order !== params.order;
          list.update({
            sort_by: key || undefined,
            order: key ? order : undefined,
            page: sortChanged ? 1 : (pagination.current ?? 1),
            page_size: pagination.pageSize ?? params.page_size,
          });
        }}
      />
    );
  };

  return (
    <div className="page report-data-page">
      <PageHeader
        title={report.data ? report.data.title : t('menu.reportData')}
        subTitle={t('reports.data.subtitle')}
        extra={
          id !== null &&
          report.data?.exportable && (
            <ExportButton
              label={t('reports.action.export')}
              request={{
                kind: 'report_data',
                report_id: id,
                tz,
                ...(params.start !== undefined && params.end !== undefined
                  ? { start: params.start, end: params.end }
                  : {}),
              }}
            />
          )
        }
      />
      <Card>
        <div className="report-data__toolbar">
          <ReportSelect value={id} current={report.data} onChange={choose} />
          {id !== null && (
            <>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                presets={pickerPresets(t)}
                aria-label={t('reports.preview.range')}
                placeholder={[t('reports.preview.start'), t('reports.preview.end')]}
                value={range}
                onChange={(next) =>
                  list.filter(
                    next?.[0] && next[1]
                      ? { start: fromWallClock(next[0]).valueOf(), end: fromWallClock(next[1]).valueOf() }
                      : { start: undefined, end: undefined },
                  )
                }
              />
              {!range && <Typography.Text type="secondary">{t('reports.data.defaultRange')}</Typography.Text>}
              <span className="report-preview__spacer" />
              <Space>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('reports.action.refresh')}
                  loading={data.isFetching && !data.isPending}
                  onClick={() => void data.refetch()}
                />
              </Space>
            </>
          )}
        </div>
        {body()}
      </Card>
    </div>
  );
}
