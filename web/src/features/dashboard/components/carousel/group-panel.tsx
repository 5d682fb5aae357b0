// The caller's carousel groups (a boxed group list): each with its device count, interval and whether it rotates;
// create, edit and delete (asked first); an empty list offers to create the first group.
import { PlayCircleOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import { GroupList, GroupListHead, GroupListItem, GroupListState } from '@/components/group-list';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDeleteCarouselGroup } from '../../api/delete-carousel-group';
import type { CarouselGroup } from '../../types';

interface GroupPanelProps {
  groups: CarouselGroup[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onEdit: (group: CarouselGroup) => void;
}

export function GroupPanel({
  groups,
  loading,
  error,
  onRetry,
  selectedId,
  onSelect,
  onCreate,
  onEdit,
}: GroupPanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteCarouselGroup();

  const onDelete = (group: CarouselGroup) => {
    remove.mutateAsync(group.id).then(
      () => toast.success(t('dashboard.carousel.group.deleted')),
      (e: unknown) => toast.error(isApiError(e) ? e.detail : t('dashboard.carousel.group.deleteFailed')),
    );
  };

  return (
    <div className="group-box carousel-groups">
      <GroupListHead
        block="group-box"
        title={t('dashboard.carousel.group.title')}
        addLabel={t('dashboard.carousel.group.create')}
        onAdd={onCreate}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={t('dashboard.carousel.group.loadFailed')}
        retryText={t('dashboard.carousel.retry')}
        onRetry={onRetry}
      >
        {groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.carousel.group.empty')}>
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {t('dashboard.carousel.group.createFirst')}
            </Button>
          </Empty>
        ) : (
          <GroupList block="group-box" label={t('dashboard.carousel.group.title')}>
            {groups.map((g) => (
              <GroupListItem
                key={g.id}
                block="group-box"
                selected={selectedId === g.id}
                onSelect={() => onSelect(g.id)}
                icon={
                  <Tooltip
                    title={
                      g.rotate
                        ? t('dashboard.carousel.group.rotateOn')
                        : t('dashboard.carousel.group.rotateOff')
                    }
                  >
                    {g.rotate ? (
                      <SyncOutlined aria-label={t('dashboard.carousel.group.rotateOn')} />
                    ) : (
                      <PlayCircleOutlined aria-label={t('dashboard.carousel.group.rotateOff')} />
                    )}
                  </Tooltip>
                }
                actions={
                  <GroupItemActions
                    texts={{
                      edit: t('dashboard.carousel.group.edit'),
                      editNamed: t('dashboard.carousel.group.editNamed', { name: g.name }),
                      deleteConfirm: t('dashboard.carousel.group.deleteConfirm', { name: g.name }),
                      deleteHint: t('dashboard.carousel.group.deleteHint'),
                      delete: t('dashboard.carousel.group.delete'),
                      deleteNamed: t('dashboard.carousel.group.deleteNamed', { name: g.name }),
                    }}
                    onEdit={() => onEdit(g)}
                    onDelete={() => onDelete(g)}
                  />
                }
              >
                <span className="group-box__name" title={g.name}>
                  {g.name}
                </span>
                <Typography.Text type="secondary" className="group-box__count carousel-groups__meta">
                  {t('dashboard.carousel.group.meta', { count: g.device_count, interval: g.interval })}
                </Typography.Text>
              </GroupListItem>
            ))}
          </GroupList>
        )}
      </GroupListState>
    </div>
  );
}
