// One tile group: its name and count, rename / delete / add templates, and its templates as tiles.
import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { LibraryTemplate, TileGroup } from '../../types-library';
import { TemplateTile } from './template-tile';

interface TileGroupCardProps {
  /** null: the templates in no group. */
  group: TileGroup | null;
  templates: LibraryTemplate[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, selected: boolean) => void;
  onToggleAll: (ids: number[], selected: boolean) => void;
  onAdd?: () => void;
  onRename?: () => void;
  onDelete?: () => Promise<unknown>;
}

export function TileGroupCard({
  group,
  templates,
  selected,
  onToggle,
  onToggleAll,
  onAdd,
  onRename,
  onDelete,
}: TileGroupCardProps) {
  const { t } = useTranslation();
  const ids = templates.map((tpl) => tpl.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const name = group ? group.name : t('configure.tileGroup.ungrouped');
  const actions: ReactNode[] = [];
  if (ids.length > 0)
    actions.push(
      <Button key="all" type="link" size="small" onClick={() => onToggleAll(ids, !allSelected)}>
        {allSelected ? t('configure.tileGroup.clearAll') : t('configure.tileGroup.selectAll')}
      </Button>,
    );
  if (group && onAdd)
    actions.push(
      <Button key="add" size="small" icon={<PlusOutlined />} onClick={onAdd}>
        {t('configure.tileGroup.addTemplates')}
      </Button>,
    );
  return (
    <Card
      className={`tpl-group${group ? '' : ' tpl-group--ungrouped'}`}
      aria-label={name}
      title={
        <Space size={8}>
          <FolderOutlined className="tpl-group__icon" />
          <span className="tpl-group__name">{name}</span>
          <Typography.Text type="secondary" className="tpl-lib-count">
            {t('configure.tileGroup.count', { count: group ? group.count : templates.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size={4} wrap>
          {actions}
          {group && onRename && (
            <Tooltip title={t('configure.tileGroup.rename')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('configure.tileGroup.renameNamed', { name: group.name })}
                onClick={onRename}
              />
            </Tooltip>
          )}
          {group && onDelete && (
            <Popconfirm
              title={t('configure.tileGroup.deleteConfirm', { name: group.name })}
              description={t('configure.tileGroup.deleteHint')}
              okText={t('configure.tileGroup.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.action.cancel')}
              onConfirm={() => void onDelete()}
            >
              <Tooltip title={t('configure.tileGroup.delete')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('configure.tileGroup.deleteNamed', { name: group.name })}
                />
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {templates.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={group ? t('configure.tileGroup.groupEmpty') : t('configure.tileGroup.allGrouped')}
          className="tpl-group__empty"
        >
          {group && onAdd && (
            <Button icon={<PlusOutlined />} onClick={onAdd}>
              {t('configure.tileGroup.addTemplates')}
            </Button>
          )}
        </Empty>
      ) : (
        <div className="tpl-tile-grid">
          {templates.map((tpl) => (
            <TemplateTile
              key={tpl.id}
              template={tpl}
              selected={selected.has(tpl.id)}
              onToggle={(on) => onToggle(tpl.id, on)}
            />
          ))}
        </div>
      )}
    </Card>
  );
}
