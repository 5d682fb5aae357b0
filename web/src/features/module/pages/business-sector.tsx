// Business sectors (/module/business, P101000; issue 31 point 6): the tenant's sectors in portal order, each its image,
// name, description, dashboards in order and rotation; create and edit them in a dialog, delete (asked first), move
// one up or down, open the portal or one sector's presentation, and share one as a sector link (P82000).
import { PlusOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { RowActions } from '@/components/table/row-actions';
import { resolveImageUrl } from '@/designer/gallery';
import type { Sector } from '@/lib/dashboards/types';
import { toast } from '@/lib/toast';
import { useDeleteSector } from '../api/delete-sector';
import { useSectors } from '../api/list-sectors';
import { useReorderSectors } from '../api/reorder-sectors';
import { SectorFormModal } from '../components/sector-form-modal';
import { useSectorShare } from '../components/share-sector';
import { sectorPaths } from '../lib/paths';
import '../components/module.css';

export default function BusinessSectorPage() {
  const { t } = useTranslation();
  const sectors = useSectors();
  const remove = useDeleteSector();
  const reorder = useReorderSectors();
  const sharing = useSectorShare();
  const [dialog, setDialog] = useState<{ open: boolean; sector: Sector | null }>({
    open: false,
    sector: null,
  });
  const items = sectors.data ?? [];
  const ids = items.map((s) => s.id);

  const show = (sector: Sector | null) => setDialog({ open: true, sector });
  const onDelete = (sector: Sector) => {
    remove.mutateAsync(sector.id).then(
      () => toast.success(t('dashboards.sectors.deleted', { name: sector.name })),
      () => undefined,
    );
  };
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    reorder.mutateAsync(next).then(
      () => toast.success(t('dashboards.sectors.reordered')),
      () => undefined,
    );
  };

  const columns: ColumnsType<Sector> = [
    {
      key: 'image',
      title: t('dashboards.sectors.column.image'),
      dataIndex: 'image',
      width: 112,
      render: (image: string, s) =>
        image ? (
          <img className="sector-thumb" src={resolveImageUrl(image)} alt={s.name} />
        ) : (
          <span className="sector-thumb sector-thumb--none" aria-hidden />
        ),
    },
    {
      key: 'name',
      title: t('dashboards.sectors.column.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      key: 'description',
      title: t('dashboards.sectors.column.description'),
      dataIndex: 'description',
      render: (description: string) => (
        <Typography.Paragraph className="sector-description" ellipsis={{ rows: 2, tooltip: description }}>
          {description}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'dashboards',
      title: t('dashboards.sectors.column.dashboards'),
      dataIndex: 'dashboards',
      render: (_: unknown, s) =>
        s.dashboards.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboards.sectors.noDashboards')}</Typography.Text>
        ) : (
          <ol className="sector-dashboard-tags">
            {s.dashboards.map((d, i) => (
              <li key={d.id}>
                {d.available ? (
                  <Tag>{`${String(i + 1)}. ${d.name}`}</Tag>
                ) : (
                  <Tag color="warning" icon={<WarningOutlined />}>
                    {`${String(i + 1)}. ${t('dashboards.sectors.unavailable', { id: d.id })}`}
                  </Tag>
                )}
              </li>
            ))}
          </ol>
        ),
    },
    {
      key: 'interval',
      title: t('dashboards.sectors.column.interval'),
      dataIndex: 'interval',
      render: (interval: number) =>
        interval > 0
          ? t('dashboards.sectors.intervalValue', { count: interval })
          : t('dashboards.sectors.intervalOff'),
    },
    {
      key: 'actions',
      title: t('dashboards.sectors.column.actions'),
      width: 180,
      render: (_: unknown, s, i) => (
        <RowActions
          inline={2}
          moreLabel={t('dashboards.sectors.more', { name: s.name })}
          actions={[
            { key: 'edit', label: t('dashboards.sectors.action.edit'), onClick: () => show(s) },
            { key: 'view', label: t('dashboards.sectors.action.view'), to: sectorPaths.detail(s.id) },
            sharing.allowed && {
              key: 'share',
              label: t('dashboards.sectors.action.share'),
              menu: true,
              onClick: () => sharing.share(s),
            },
            i > 0 && {
              key: 'earlier',
              label: t('dashboards.sectors.action.earlier'),
              onClick: () => move(i, i - 1),
            },
            i < items.length - 1 && {
              key: 'later',
              label: t('dashboards.sectors.action.later'),
              onClick: () => move(i, i + 1),
            },
            {
              key: 'delete',
              label: t('dashboards.sectors.action.delete'),
              danger: true,
              menu: true,
              onClick: () => onDelete(s),
              confirm: {
                title: t('dashboards.sectors.deleteConfirm', { name: s.name }),
                content: t('dashboards.sectors.deleteHint'),
                okText: t('dashboards.sectors.action.delete'),
              },
            },
          ]}
        />
      ),
    },
  ];

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => show(null)}>
      {t('dashboards.sectors.create')}
    </Button>
  );

  return (
    <div className="page sectors-page">
      <PageHeader
        title={t('menu.businessSector')}
        subTitle={t('dashboards.sectors.subtitle')}
        extra={
          <Space wrap>
            <Link to={sectorPaths.portal}>{t('dashboards.sectors.openPortal')}</Link>
            {createButton}
          </Space>
        }
      />
      <Card
        title={
          <Space size={8}>
            <span>{t('menu.businessSector')}</span>
            <Typography.Text type="secondary" className="sectors-count">
              {t('dashboards.sectors.total', { count: items.length })}
            </Typography.Text>
          </Space>
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('dashboards.sectors.refresh')}
            loading={sectors.isFetching && !sectors.isPending}
            onClick={() => void sectors.refetch()}
          />
        }
      >
        {sectors.isError && !sectors.data ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.sectors.loadFailed')}>
            <Button icon={<ReloadOutlined />} onClick={() => void sectors.refetch()}>
              {t('dashboards.sectors.retry')}
            </Button>
          </Empty>
        ) : (
          <DataTable<Sector>
            rowKey="id"
            columns={columns}
            dataSource={items}
            loading={sectors.isPending || reorder.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.sectors.empty')}>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => show(null)}>
                    {t('dashboards.sectors.createFirst')}
                  </Button>
                </Empty>
              ),
            }}
          />
        )}
      </Card>
      <SectorFormModal
        open={dialog.open}
        sector={dialog.sector}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      {sharing.dialog}
    </div>
  );
}
