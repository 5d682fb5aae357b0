// The export centre (/exportCenter, any signed-in user): the caller's export jobs, newest first, with their state
// (polled every 2 s while one is queued or running), the file to download while it is kept, and delete.
import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Progress, Select, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { saveBlob } from '@/lib/download';
import { EMPTY } from '@/lib/empty';
import {
  downloadExportFile,
  EXPORT_KINDS,
  EXPORT_STATES,
  formatBytes,
  isActive,
  useDeleteExportJob,
  useExportJobs,
  type ExportJobOut,
  type ExportKind,
  type ExportState,
} from '@/lib/exports';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import '../analysis.css';
import { zoned } from '@/lib/timezone';

const LIST_PARAMS: ParamSpec<{ state?: ExportState; kind?: ExportKind }> = {
  state: param.oneOf<ExportState>(EXPORT_STATES),
  kind: param.oneOf<ExportKind>(EXPORT_KINDS),
};

const STATE_COLOR: Record<ExportState, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

const time = (ms: number | null) => (ms ? zoned(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY);

/** A scheduled run's mail beside its state: sent, or why not whole (a recipient skipped, a daily cap). */
function JobMail({ job, tag }: { job: ExportJobOut; tag: ReactNode }) {
  const { t } = useTranslation();
  const sent = job.mail_state === 'sent';
  const mail = (
    <Tag color={sent ? 'default' : 'warning'}>{t(`exports.mail.${job.mail_state ?? 'sent'}`)}</Tag>
  );
  return (
    <span>
      {tag}
      {job.mail_note ? <Tooltip title={job.mail_note}>{mail}</Tooltip> : mail}
    </span>
  );
}

function JobState({ job }: { job: ExportJobOut }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATE_COLOR[job.state]}>{t(`exports.state.${job.state}`)}</Tag>;
  if (job.state === 'failed' && job.error) return <Tooltip title={job.error}>{tag}</Tooltip>;
  if (job.state === 'done' && job.mail_state) return <JobMail job={job} tag={tag} />;
  if (!isActive(job)) return tag;
  return (
    <div className="export-state">
      {tag}
      <Progress
        percent={Math.round(job.progress)}
        size="small"
        status="active"
        aria-label={t('exports.center.progress', { title: job.title })}
      />
    </div>
  );
}

export default function ExportCenterPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListParams(LIST_PARAMS);
  const { params, filter } = list;
  const jobs = useExportJobs(params);
  useClampPage(list, jobs.data?.total);
  const remove = useDeleteExportJob();
  const [downloading, setDownloading] = useState<number | null>(null);
  const filtered = params.state !== undefined || params.kind !== undefined;

  const download = (job: ExportJobOut) => {
    setDownloading(job.id);
    downloadExportFile(job.id)
      .then((blob) => {
        saveBlob(blob, job.file_name);
      })
      .catch(() => undefined)
      .finally(() => {
        setDownloading(null);
      });
  };

  const confirmDelete = (job: ExportJobOut) => {
    void modal.confirm({
      title: t('exports.center.deleteConfirm', { title: job.title }),
      content: t('exports.center.deleteHint'),
      okText: t('exports.center.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        remove.mutateAsync(job.id).then(
          () => toast.success(t('exports.center.deleted')),
          () => undefined,
        ),
    });
  };

  const columns: ColumnsType<ExportJobOut> = [
    {
      key: 'title',
      title: t('exports.center.column.title'),
      dataIndex: 'title',
      render: (_: unknown, job) => (
        <div className="export-title">
          <Typography.Text strong>{job.title}</Typography.Text>
          <Typography.Text type="secondary" className="export-title__file">
            {job.file_name}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'kind',
      title: t('exports.center.column.kind'),
      dataIndex: 'kind',
      render: (kind: ExportKind) => t(`exports.kind.${kind}`),
    },
    {
      key: 'source',
      title: t('exports.center.column.source'),
      dataIndex: 'source',
      responsive: ['lg'],
      render: (_: unknown, job) => (
        <Tag color={job.source === 'schedule' ? 'purple' : 'blue'}>{t(`exports.source.${job.source}`)}</Tag>
      ),
    },
    {
      key: 'state',
      title: t('exports.center.column.state'),
      dataIndex: 'state',
      width: 180,
      render: (_: unknown, job) => <JobState job={job} />,
    },
    {
      key: 'rows',
      title: t('exports.center.column.rows'),
      dataIndex: 'rows',
      align: 'right',
      render: (rows: number | null) => (rows === null ? EMPTY : rows.toLocaleString()),
    },
    {
      key: 'size',
      title: t('exports.center.column.size'),
      dataIndex: 'size',
      align: 'right',
      responsive: ['md'],
      render: (size: number | null) => formatBytes(size),
    },
    {
      key: 'created',
      title: t('exports.center.column.created'),
      dataIndex: 'created_at',
      render: (ms: number) => time(ms),
    },
    {
      key: 'finished',
      title: t('exports.center.column.finished'),
      dataIndex: 'finished_at',
      responsive: ['lg'],
      render: (_: unknown, job) => (
        <div className="export-title">
          <span>{time(job.finished_at)}</span>
          {job.state === 'done' && (
            <Typography.Text type="secondary" className="export-title__file">
              {t('exports.center.expires', { time: time(job.expires_at) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('exports.center.column.actions'),
      width: 200,
      render: (_: unknown, job) => (
        <div className="export-actions">
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            disabled={job.state !== 'done'}
            loading={downloading === job.id}
            aria-label={t('exports.center.downloadOf', { title: job.title })}
            onClick={() => {
              download(job);
            }}
          >
            {t('exports.center.download')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('exports.center.deleteOf', { title: job.title })}
            onClick={() => {
              confirmDelete(job);
            }}
          >
            {t('exports.center.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="page export-center">
      <PageHeader title={t('menu.exportCenter')} subTitle={t('exports.center.subtitle')} />
      <Card>
        <ListToolbar className="analysis-toolbar">
          <Select<ExportState>
            className="analysis-toolbar__filter"
            allowClear
            placeholder={t('exports.center.filter.state')}
            aria-label={t('exports.center.filter.state')}
            value={params.state}
            options={EXPORT_STATES.map((s) => ({ value: s, label: t(`exports.state.${s}`) }))}
            onChange={(v: ExportState | undefined) => filter({ state: v })}
          />
          <Select<ExportKind>
            className="analysis-toolbar__filter"
            allowClear
            placeholder={t('exports.center.filter.kind')}
            aria-label={t('exports.center.filter.kind')}
            value={params.kind}
            options={EXPORT_KINDS.map((k) => ({ value: k, label: t(`exports.kind.${k}`) }))}
            onChange={(v: ExportKind | undefined) => filter({ kind: v })}
          />
          <div className="analysis-toolbar__spacer" />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('exports.center.refresh')}
            loading={jobs.isFetching}
            onClick={() => void jobs.refetch()}
          />
        </ListToolbar>
        <DataTable<ExportJobOut>
          rowKey="id"
          columns={columns}
          dataSource={jobs.data?.items ?? []}
          loading={jobs.isPending || (jobs.isFetching && jobs.isPlaceholderData)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('exports.center.noMatch') : t('exports.center.empty')}
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: jobs.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('exports.center.total', { total }),
          }}
          onChange={(pagination) => {
            list.setPage(pagination.current ?? 1, pagination.pageSize);
          }}
        />
      </Card>
    </div>
  );
}
