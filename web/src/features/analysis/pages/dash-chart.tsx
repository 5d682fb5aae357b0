// Reports (/analysis/dashChart, P61000): the caller's reports beside his report groups, searched by title and
// filtered by chart type, a page at a time (cards on a phone); each row previews, edits, opens the data, copies or
// deletes (asked first); "New report" opens the designer.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { useCan } from '@/components/can';
import { GroupFilterPanel, type GroupFilterPanelTexts } from '@/components/group-filter-panel';
import { CHART_ENTRIES, chartEntry, CHART_TYPES, type ChartType } from '@/components/charts/report';
import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { param, useClampPage, useListParams, type ParamCodec, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { useCopyReport } from '../api/copy-report';
import { useDeleteReport } from '../api/delete-report';
import { useDeleteReportGroup } from '../api/delete-report-group';
import { useReportGroups } from '../api/list-report-groups';
import { useReports } from '@/lib/reports/list-reports';
import { GroupFormModal } from '../components/group-form-modal';
import { ScheduleModal } from '../components/schedule-modal';
import { formatTime, reportPaths } from '../lib/format';
import type { Report, ReportGroup } from '../types';
import '../components/reports.css';

interface ReportFilters {
  title?: string;
  chart_type?: ChartType;
  group_id?: number;
}

/** A group filter: 0 (no group) or a group's id. */
const groupParam: ParamCodec<number> = {
  parse: (raw) => (/^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined),
  format: String,
};

const LIST_PARAMS: ParamSpec<ReportFilters> = {
  title: param.text,
  chart_type: param.oneOf(CHART_TYPES),
  group_id: groupParam,
};

export function ChartTypeLabel({ code }: { code: number }) {
  const { t } = useTranslation();
  const entry = chartEntry(code);
  if (!entry) return <span>{t('reports.chart.unknownType')}</span>;
  const Icon = entry.icon;
  return (
    <Space size={6}>
      <Icon />
      <span>{t(entry.i18nKey)}</span>
    </Space>
  );
}

export default function DashChartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDesign = useCan(Perm.DESIGN_CHART);
  const canPreview = useCan(Perm.PREVIEW_CHART);
  const canData = useCan(Perm.REPORT_DATA);
  const list = useListParams(LIST_PARAMS);
  const { params } = list;
  const reports = useReports(params);
  const groups = useReportGroups();
  const copy = useCopyReport();
  const remove = useDeleteReport();
  const removeGroup = useDeleteReportGroup();
  const [scheduled, setScheduled] = useState<Report | null>(null);
  const [groupDialog, setGroupDialog] = useState<{ open: boolean; group: ReportGroup | null }>({
    open: false,
    group: null,
  });
  useClampPage(list, reports.data?.total);
  const total = reports.data?.total ?? 0;
  const filtered =
    params.title !== undefined || params.chart_type !== undefined || params.group_id !== undefined;

  const onCopy = (report: Report) => {
    copy.mutateAsync(report.id).then(
      (created) => toast.success(t('reports.list.copied', { title: created.title })),
      () => undefined,
    );
  };
  const onDelete = (report: Report) => {
    remove.mutateAsync(report.id).then(
      () => toast.success(t('reports.list.deleted', { title: report.title })),
      (e: unknown) => {
        if (!isApiError(e)) toast.error(String(e));
      },
    );
  };

  const columns: ColumnsType<Report> = useMemo(
    () => [
      {
        key: 'title',
        title: t('reports.list.title'),
        dataIndex: 'title',
        render: (title: string, r) =>
          canPreview ? <Link to={reportPaths.preview(r.id)}>{title}</Link> : title,
      },
      {
        key: 'chart_type',
        title: t('reports.list.chartType'),
        dataIndex: 'chart_type',
        render: (code: number) => <ChartTypeLabel code={code} />,
      },
      {
        key: 'table_kind',
        title: t('reports.list.tableKind'),
        dataIndex: 'table_kind',
        render: (kind: number) => t(`reports.kind.k${String(kind)}`),
      },
      {
        key: 'updated_at',
        title: t('reports.list.updatedAt'),
        dataIndex: 'updated_at',
        render: (ms: number) => formatTime(ms),
      },
      {
        key: 'actions',
        title: t('reports.list.actions'),
        width: 200,
        render: (_: unknown, r) => (
          <RowActions
            inline={3}
            moreLabel={t('reports.list.more', { title: r.title })}
            actions={[
              canPreview && {
                key: 'preview',
                label: t('reports.action.preview'),
                to: reportPaths.preview(r.id),
              },
              canDesign && { key: 'edit', label: t('reports.action.edit'), to: reportPaths.design(r.id) },
              canData && { key: 'data', label: t('reports.action.data'), to: reportPaths.data(r.id) },
              { key: 'copy', label: t('reports.action.copy'), onClick: () => onCopy(r) },
              canDesign && {
                key: 'schedule',
                label: t('reports.action.schedule'),
                menu: true,
                onClick: () => setScheduled(r),
              },
              {
                key: 'delete',
                label: t('reports.action.delete'),
                danger: true,
                menu: true,
                onClick: () => onDelete(r),
                confirm: {
                  title: t('reports.list.deleteConfirm', { title: r.title }),
                  content: t('reports.list.deleteHint'),
                  okText: t('reports.action.delete'),
                },
              },
            ]}
          />
        ),
      },
    ],
    // onCopy/onDelete only call the mutations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canDesign, canPreview, canData],
  );

  const groupTexts: GroupFilterPanelTexts = {
    title: t('reports.group.title'),
    all: t('reports.group.all'),
    none: t('reports.group.none'),
    create: t('reports.group.createTitle'),
    loadFailed: t('reports.group.loadFailed'),
    retry: t('reports.action.retry'),
    edit: t('reports.group.edit'),
    editNamed: (name) => t('reports.group.editNamed', { name }),
    deleteConfirm: (name) => t('reports.group.deleteConfirm', { name }),
    deleteHint: t('reports.group.deleteHint'),
    delete: t('reports.action.delete'),
    deleteNamed: (name) => t('reports.group.deleteNamed', { name }),
    deleted: t('reports.group.deleted'),
    deleteFailed: t('reports.group.deleteFailed'),
  };

  const newButton = canDesign && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate(reportPaths.create(params.group_id))}
    >
      {t('reports.action.new')}
    </Button>
  );
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('reports.list.noMatch') : t('reports.list.empty')}
    >
      {!filtered && newButton}
    </Empty>
  );

  return (
    <div className="page reports-page">
      <PageHeader title={t('menu.dashChart')} subTitle={t('reports.list.subtitle')} extra={newButton} />
      <div className="reports-layout">
        <GroupFilterPanel
          className="report-groups"
          groups={groups.data ?? []}
          count={(g) => g.count}
          loading={groups.isPending}
          error={groups.isError}
          onRetry={() => void groups.refetch()}
          selected={params.group_id}
          onSelect={(group_id) => list.filter({ group_id })}
          actions={{
            onCreate: () => setGroupDialog({ open: true, group: null }),
            onRename: (group) => setGroupDialog({ open: true, group }),
            onDelete: (group) => removeGroup.mutateAsync(group.id),
          }}
          texts={groupTexts}
        />
        <Card
          className="reports-list"
          title={
            <Space size={8}>
              <span>{t('reports.list.heading')}</span>
              <Typography.Text type="secondary">{t('reports.list.total', { count: total })}</Typography.Text>
            </Space>
          }
          extra={
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('reports.action.refresh')}
              loading={reports.isFetching && !reports.isPending}
              onClick={() => void reports.refetch()}
            />
          }
        >
          <ListToolbar className="reports-toolbar">
            <ListSearch
              className="reports-toolbar__search"
              value={params.title}
              placeholder={t('reports.list.search')}
              onSearch={(title) => list.filter({ title })}
            />
            <Select<ChartType>
              className="reports-toolbar__type"
              allowClear
              aria-label={t('reports.list.chartType')}
              placeholder={t('reports.list.allTypes')}
              value={params.chart_type}
              onChange={(chart_type) => list.filter({ chart_type })}
              options={CHART_ENTRIES.map((e) => ({ value: e.code, label: <ChartTypeLabel code={e.code} /> }))}
            />
          </ListToolbar>
          {reports.isError && !reports.data ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.list.loadFailed')}>
              <Button icon={<ReloadOutlined />} onClick={() => void reports.refetch()}>
                {t('reports.action.retry')}
              </Button>
            </Empty>
          ) : (
            <DataTable<Report>
              rowKey="id"
              columns={columns}
              dataSource={reports.data?.items ?? []}
              loading={reports.isPending || (reports.isFetching && reports.isPlaceholderData)}
              locale={{ emptyText: empty }}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: params.page,
                pageSize: params.page_size,
                total,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (n) => t('reports.list.total', { count: n }),
              }}
              onChange={(pagination) =>
                list.setPage(pagination.current ?? 1, pagination.pageSize ?? params.page_size)
              }
            />
          )}
        </Card>
      </div>
      <GroupFormModal
        open={groupDialog.open}
        group={groupDialog.group}
        onClose={() => setGroupDialog((d) => ({ ...d, open: false }))}
        onCreated={(g) => list.filter({ group_id: g.id })}
      />
      {scheduled && <ScheduleModal reportId={scheduled.id} open onClose={() => setScheduled(null)} />}
    </div>
  );
}
