// The classifications of one gallery on the picker's left: "all" first, then each with its image count; the
// caller's own can be added, renamed and deleted (a delete asks first; one that holds images is refused, 114006).
import { AppstoreOutlined, FolderOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { GroupItemActions } from '@/components/group-item-actions';
import { GroupList, GroupListHead, GroupListItem, GroupListState } from '@/components/group-list';
import { toast } from '@/lib/toast';
import { useDeleteClassification } from './api/delete-classification';
import type { ClassifyOut } from './types';

// The boxed group list the data sources tab draws too (components/group-list.css).
const BLOCK = 'group-box';

interface ClassificationPanelProps {
  classifications: ClassifyOut[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** The caller's own gallery: classifications may be added, renamed and deleted. */
  editable: boolean;
  /** undefined: the whole gallery. */
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onCreate: () => void;
  onRename: (classification: ClassifyOut) => void;
  /** What each classification counts: its images (the default) or the caller's 3D models in it. */
  counts?: 'images' | 'models';
}

export function ClassificationPanel({
  classifications,
  loading,
  error,
  onRetry,
  editable,
  selectedId,
  onSelect,
  onCreate,
  onRename,
  counts = 'images',
}: ClassificationPanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteClassification();

  const actions = (c: ClassifyOut) => (
    <GroupItemActions
      texts={{
        edit: t('designer.gallery.classify.rename'),
        editNamed: t('designer.gallery.classify.renameNamed', { name: c.name }),
        deleteConfirm: t('designer.gallery.classify.deleteConfirm', { name: c.name }),
        deleteHint: t('designer.gallery.classify.deleteHint'),
        delete: t('designer.gallery.action.delete'),
        deleteNamed: t('designer.gallery.classify.deleteNamed', { name: c.name }),
      }}
      onEdit={() => onRename(c)}
      onDelete={() => {
        // A refused delete (114006: it still holds images) shows the server's message as a toast.
        void remove.mutateAsync(c.id).then(
          () => {
            toast.success(t('designer.gallery.classify.deleted'));
            if (selectedId === c.id) onSelect(undefined);
          },
          () => undefined,
        );
      }}
    />
  );

  return (
    <div className={`${BLOCK} gallery-classes`}>
      <GroupListHead
        block={BLOCK}
        title={t('designer.gallery.classify.title')}
        addLabel={t('designer.gallery.classify.create')}
        onAdd={editable ? onCreate : undefined}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={t('designer.gallery.classify.loadFailed')}
        retryText={t('designer.gallery.action.retry')}
        onRetry={onRetry}
      >
        <GroupList block={BLOCK} label={t('designer.gallery.classify.title')}>
          <GroupListItem
            block={BLOCK}
            selected={selectedId === undefined}
            onSelect={() => onSelect(undefined)}
            icon={<AppstoreOutlined />}
          >
            {t('designer.gallery.classify.all')}
          </GroupListItem>
          {classifications.map((c) => (
            <GroupListItem
              key={c.id}
              block={BLOCK}
              selected={selectedId === c.id}
              onSelect={() => onSelect(c.id)}
              icon={<FolderOutlined />}
              actions={editable ? actions(c) : undefined}
            >
              <span className={`${BLOCK}__name`} title={c.name}>
                {c.name}
              </span>
              <Typography.Text type="secondary" className={`${BLOCK}__count`}>
                {counts === 'models' ? c.model_count : c.image_count}
              </Typography.Text>
            </GroupListItem>
          ))}
        </GroupList>
      </GroupListState>
    </div>
  );
}
