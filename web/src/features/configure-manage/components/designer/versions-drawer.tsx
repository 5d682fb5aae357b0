// A screen's versions: name one from the saved design, list them newest first (name or "automatic", time, author,
// element count) and restore one after a confirmation. A restore becomes a new save, so the editor then holds it.
import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { confirmDialog, toast } from '@/lib/toast';
import { SCREEN_VERSION_NAME_MAX } from '@/types/limits.gen';
import {
  useCreateScreenVersion,
  useRestoreScreenVersion,
  useScreenVersions,
} from '../../api/screen-versions';
import { formatTime } from '../../lib/template-format';
import type { ScreenDesignOut, ScreenVersionOut } from '../../types-screen';

interface VersionsDrawerProps {
  open: boolean;
  screenId: number;
  /** The editor has unsaved changes: a version holds the saved design, and a restore replaces those changes. */
  dirty: boolean;
  onClose: () => void;
  onRestored: (design: ScreenDesignOut) => void;
}

export function VersionsDrawer({ open, screenId, dirty, onClose, onRestored }: VersionsDrawerProps) {
  const { t } = useTranslation();
  const versions = useScreenVersions(open ? screenId : 0);
  const create = useCreateScreenVersion();
  const restore = useRestoreScreenVersion();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setError(null);
    create.mutate(
      { id: screenId, name: trimmed },
      {
        onSuccess: () => {
          setName('');
          toast.success(t('designer.editor.versions.created'));
        },
        onError: (e) => setError(isApiError(e) ? e.detail : t('designer.editor.save.failed')),
      },
    );
  };

  const askRestore = async (version: ScreenVersionOut) => {
    const label = version.name ?? t('designer.editor.versions.automatic');
    const ok = await confirmDialog({
      title: t('designer.editor.versions.restoreTitle', { name: label }),
      content: dirty ? t('designer.editor.versions.restoreDirty') : t('designer.editor.versions.restoreBody'),
      okText: t('designer.editor.versions.restore'),
      type: 'warning',
    });
    if (!ok) return;
    restore.mutate(version.id, {
      onSuccess: (design) => {
        onRestored(design);
        toast.success(t('designer.editor.versions.restored', { name: label }));
      },
    });
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('designer.editor.versions.title')} size={380}>
      <Space.Compact block>
        <Input
          value={name}
          maxLength={SCREEN_VERSION_NAME_MAX}
          placeholder={t('designer.editor.versions.namePlaceholder')}
          aria-label={t('designer.editor.versions.name')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={submit}
        />
        <Button type="primary" loading={create.isPending} disabled={!name.trim()} onClick={submit}>
          {t('designer.editor.versions.create')}
        </Button>
      </Space.Compact>
      {dirty && (
        <Typography.Paragraph type="secondary" className="designer-versions__hint">
          {t('designer.editor.versions.savedOnly')}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} />}
      <List<ScreenVersionOut>
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        locale={{ emptyText: <Empty description={t('designer.editor.versions.empty')} /> }}
        renderItem={(version) => (
          <List.Item
            data-testid={`version-${version.id}`}
            actions={[
              <Button
                key="restore"
                size="small"
                icon={<HistoryOutlined />}
                loading={restore.isPending && restore.variables === version.id}
                onClick={() => void askRestore(version)}
              >
                {t('designer.editor.versions.restore')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={version.name ?? <Tag variant="filled">{t('designer.editor.versions.automatic')}</Tag>}
              description={t('designer.editor.versions.meta', {
                time: formatTime(version.created_at),
                user: version.created_by,
                count: version.element_count,
              })}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
