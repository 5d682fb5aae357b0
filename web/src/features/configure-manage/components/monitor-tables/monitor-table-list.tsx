// The "Monitoring tables" tab of a template's page (templateMiddleware/id=; issue 35 point 1): the template's tables in
// their order, each opened in the table designer or watched live; create, copy, rename, move and delete where the
// caller may design the template (the owner, or a share with the design item).
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Empty, List, Popconfirm, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { IconAction } from '@/components/icon-action';
import { NameFormModal } from '@/components/name-form-modal';
import { formatTime } from '@/lib/telemetry/format';
import {
  useCopyMonitorTable,
  useDeleteMonitorTable,
  useMonitorTables,
  useOrderMonitorTables,
  useUpdateMonitorTable,
  type MonitorTableSummary,
} from '@/lib/monitor-tables/api';
import { MIDDLEWARE_NAME_MAX } from '@/types/limits.gen';

import { MonitorTableCreateModal } from './monitor-table-create-modal';

export const designPath = (id: number) => `/monitor/monitorTableDesign/id=${id}`;
export const watchPath = (id: number) => `/monitor/middlewares/id=${id}`;

type Naming = { kind: 'copy' | 'rename'; table: MonitorTableSummary } | null;

export function MonitorTableList({ templateId, canDesign }: { templateId: number; canDesign: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tables = useMonitorTables(templateId);
  const copy = useCopyMonitorTable();
  const rename = useUpdateMonitorTable();
  const remove = useDeleteMonitorTable();
  const order = useOrderMonitorTables();
  const [creating, setCreating] = useState(false);
  const [naming, setNaming] = useState<Naming>(null);
  const list = tables.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((x) => x.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    order.mutate({ template_id: templateId, ids });
  };

  const createButton = canDesign ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('configure.monitorTables.create')}
    </Button>
  ) : null;

  return (
    <Card
      size="small"
      title={
        <Space>
          <TableOutlined />
          {t('configure.monitorTables.title')}
        </Space>
      }
      extra={list.length > 0 ? createButton : null}
    >
      {tables.isPending ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('configure.monitorTables.empty')}>{createButton}</Empty>
      ) : (
        <List
          dataSource={list}
          renderItem={(table, index) => (
            <List.Item
              key={table.id}
              actions={[
                <Tooltip key="watch" title={t('configure.monitorTables.watch')}>
                  <Link to={watchPath(table.id)} aria-label={t('configure.monitorTables.watch')}>
                    <EyeOutlined />
                  </Link>
                </Tooltip>,
                ...(canDesign
                  ? [
                      <IconAction
                        key="up"
                        label={t('configure.monitorTables.moveUp')}
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0 || order.isPending}
                        onClick={() => move(index, -1)}
                      />,
                      <IconAction
                        key="down"
                        label={t('configure.monitorTables.moveDown')}
                        icon={<ArrowDownOutlined />}
                        disabled={index === list.length - 1 || order.isPending}
                        onClick={() => move(index, 1)}
                      />,
                      <IconAction
                        key="rename"
                        label={t('configure.monitorTables.rename')}
                        icon={<EditOutlined />}
                        onClick={() => setNaming({ kind: 'rename', table })}
                      />,
                      <IconAction
                        key="copy"
                        label={t('configure.monitorTables.copy')}
                        icon={<CopyOutlined />}
                        onClick={() => setNaming({ kind: 'copy', table })}
                      />,
                      <Popconfirm
                        key="delete"
                        title={t('configure.monitorTables.deleteConfirm', { name: table.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => {
                          void remove.mutateAsync(table.id).then(() => {
                            void message.success(t('configure.monitorTables.deleted'));
                          });
                        }}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('configure.monitorTables.delete')}
                        />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  canDesign ? <Link to={designPath(table.id)}>{table.name}</Link> : <span>{table.name}</span>
                }
                description={
                  <Space size={8} wrap>
                    <Tag>{t('configure.monitorTables.columns', { count: table.columns })}</Tag>
                    <Typography.Text type="secondary">
                      {t('configure.monitorTables.updated', { time: formatTime(table.updated_at) })}
                    </Typography.Text>
                    {table.description ? (
                      <Typography.Text type="secondary">{table.description}</Typography.Text>
                    ) : null}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      <MonitorTableCreateModal
        open={creating}
        templateId={templateId}
        onClose={() => setCreating(false)}
        onCreated={(table) => void navigate(designPath(table.id))}
      />
      <NameFormModal
        open={naming !== null}
        title={
          naming?.kind === 'copy' ? t('configure.monitorTables.copy') : t('configure.monitorTables.rename')
        }
        name="monitor-table-name"
        label={t('configure.monitorTables.name')}
        initialName={
          naming?.kind === 'copy'
            ? t('configure.monitorTables.copyName', { name: naming.table.name }).slice(0, MIDDLEWARE_NAME_MAX)
            : (naming?.table.name ?? '')
        }
        maxLength={MIDDLEWARE_NAME_MAX}
        rules={[{ required: true, whitespace: true, message: t('configure.monitorTables.nameRequired') }]}
        loading={copy.isPending || rename.isPending}
        onSave={async (name) => {
          if (!naming) return;
          if (naming.kind === 'copy') await copy.mutateAsync({ id: naming.table.id, name });
          else
            await rename.mutateAsync({
              id: naming.table.id,
              revision: naming.table.revision,
              overwrite: false,
              name,
            });
        }}
        onClose={() => setNaming(null)}
      />
    </Card>
  );
}
