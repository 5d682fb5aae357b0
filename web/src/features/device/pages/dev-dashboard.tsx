// Equipment monitoring overview (/device/devDashboard, P130000): the user's thumbnail groups, each a grid of device
// tiles showing state at a glance; create, edit (devices ≤30, order kept) and delete groups (≤50 groups).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Space, Statistic, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { STATE_COLORS } from '@/components/map/markers';
import { toast } from '@/lib/toast';
import { useDeleteThumbnailGroup } from '../api/delete-thumbnail-group';
import { useThumbnailGroups } from '../api/thumbnail-groups';
import { ThumbnailGroupCard } from '../components/thumbnails/thumbnail-group-card';
import { ThumbnailGroupModal } from '../components/thumbnails/thumbnail-group-modal';
import type { ThumbnailGroup } from '../lib/monitor-types';
import { canAddGroup, stateCounts, THUMBNAIL_GROUPS_MAX } from '../lib/thumbnail-limits';
import './device-monitor.css';

export default function DevDashboardPage() {
  const { t } = useTranslation();
  const groups = useThumbnailGroups();
  const remove = useDeleteThumbnailGroup();
  const [editing, setEditing] = useState<ThumbnailGroup | null>(null);
  const [open, setOpen] = useState(false);
  const list = [...(groups.data ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
  const canAdd = canAddGroup(list.length);
  const totals = stateCounts(
    // A device in several groups counts once.
    [...new Map(list.flatMap((g) => g.items).map((i) => [i.device_id, i])).values()],
  );

  const openModal = (group: ThumbnailGroup | null) => {
    setEditing(group);
    setOpen(true);
  };
  const createButton = (
    <Tooltip title={canAdd ? undefined : t('device.dashboard.groupLimit', { max: THUMBNAIL_GROUPS_MAX })}>
      <Button type="primary" icon={<PlusOutlined />} disabled={!canAdd} onClick={() => openModal(null)}>
        {t('device.dashboard.create')}
      </Button>
    </Tooltip>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('menu.devDashboard')}
        subTitle={t('device.dashboard.subtitle', { count: list.length, max: THUMBNAIL_GROUPS_MAX })}
        extra={
          <Space>
            <Tooltip title={t('device.dashboard.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('device.dashboard.refresh')}
                loading={groups.isFetching && !groups.isPending}
                onClick={() => void groups.refetch()}
              />
            </Tooltip>
            {createButton}
          </Space>
        }
      />
      {groups.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ) : groups.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('device.dashboard.loadFailed')}
          action={<Button onClick={() => void groups.refetch()}>{t('device.virtual.action.retry')}</Button>}
        />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={t('device.dashboard.empty')} className="monitor-empty">
            {createButton}
          </Empty>
        </Card>
      ) : (
        <>
          <div className="thumb-summary">
            <Card size="small">
              <Statistic
                title={t('device.dashboard.summary.groups')}
                value={list.length}
                suffix={`/ ${THUMBNAIL_GROUPS_MAX}`}
              />
            </Card>
            <Card size="small">
              <Statistic
                title={t('device.dashboard.summary.online')}
                value={totals.online}
                styles={{ content: { color: STATE_COLORS.online } }}
              />
            </Card>
            <Card size="small">
              <Statistic
                title={t('device.dashboard.summary.offline')}
                value={totals.offline}
                styles={{ content: { color: STATE_COLORS.offline } }}
              />
            </Card>
          </div>
          {list.map((g) => (
            <ThumbnailGroupCard
              key={g.id}
              group={g}
              onEdit={() => openModal(g)}
              onDelete={() =>
                remove.mutateAsync(g.id).then(() => toast.success(t('device.dashboard.deleted')))
              }
            />
          ))}
        </>
      )}
      <ThumbnailGroupModal open={open} group={editing} onClose={() => setOpen(false)} />
    </div>
  );
}
