// The two lists of the template library: templates the caller shared out, and templates shared with the caller.
import { CopyOutlined, ExportOutlined, LogoutOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatTime } from '../../lib/library-format';
import { middlewarePath } from '../../lib/library-paths';
import { holds } from '../../lib/library-permissions';
import type { LibraryItem } from '../../types-library';
import { PermissionTags } from './permission-items';

interface LibraryTableProps {
  rows: LibraryItem[];
  loading: boolean;
  empty: ReactNode;
  pagination: TableProps<LibraryItem>['pagination'];
  onChange: TableProps<LibraryItem>['onChange'];
}

function NameCell({ row }: { row: LibraryItem }) {
  return (
    <div className="tpl-lib-name">
      <Link to={middlewarePath(row.id)} className="tpl-lib-name__link">
        {row.name}
      </Link>
      {row.description && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} className="tpl-lib-sub">
          {row.description}
        </Typography.Text>
      )}
    </div>
  );
}

function PublishTag({ row }: { row: LibraryItem }) {
  const { t } = useTranslation();
  return row.published ? (
    <Tag color="green" variant="filled">
      {t('configure.library.published', { version: row.published_release ?? 1 })}
    </Tag>
  ) : (
    <Tag variant="filled">{t('configure.library.unpublished')}</Tag>
  );
}

export function SharedTable({
  onManage,
  onTransfer,
  ...props
}: LibraryTableProps & { onManage: (row: LibraryItem) => void; onTransfer: (row: LibraryItem) => void }) {
  const { t } = useTranslation();
  const columns: TableProps<LibraryItem>['columns'] = [
    { key: 'name', title: t('configure.library.column.name'), render: (_v, row) => <NameCell row={row} /> },
    {
      key: 'state',
      title: t('configure.library.column.state'),
      width: 120,
      render: (_v, row) => <PublishTag row={row} />,
    },
    {
      key: 'receivers',
      title: t('configure.library.column.receivers'),
      width: 130,
      render: (_v, row) => (
        <Button
          type="link"
          size="small"
          icon={<TeamOutlined />}
          className="tpl-lib-link-btn"
          onClick={() => onManage(row)}
        >
          {t('configure.library.receiverCount', { count: row.receiver_count })}
        </Button>
      ),
    },
    {
      key: 'bound',
      title: t('configure.library.column.bound'),
      width: 110,
      render: (_v, row) => t('configure.library.boundCount', { count: row.bound_count }),
    },
    {
      key: 'shared_at',
      title: t('configure.library.column.sharedAt'),
      width: 160,
      render: (_v, row) => formatTime(row.shared_at),
    },
    {
      key: 'actions',
      title: t('configure.library.column.actions'),
      width: 210,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={12} className="tpl-lib-actions">
          <Button type="link" size="small" onClick={() => onManage(row)}>
            {t('configure.library.action.manageShares')}
          </Button>
          <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => onTransfer(row)}>
            {t('configure.library.action.transfer')}
          </Button>
        </Space>
      ),
    },
  ];
  return <LibraryTable columns={columns} scrollX={900} {...props} />;
}

export function ReceivedTable({
  onCopy,
  onLeave,
  copying,
  ...props
}: LibraryTableProps & {
  onCopy: (row: LibraryItem) => void;
  onLeave: (row: LibraryItem) => Promise<unknown>;
  copying: number | null;
}) {
  const { t } = useTranslation();
  const columns: TableProps<LibraryItem>['columns'] = [
    {
      key: 'name',
      title: t('configure.library.column.name'),
      width: 200,
      render: (_v, row) => <NameCell row={row} />,
    },
    {
      key: 'owner',
      title: t('configure.library.column.owner'),
      width: 120,
      ellipsis: true,
      render: (_v, row) => row.owner_name,
    },
    {
      key: 'items',
      title: t('configure.library.column.items'),
      render: (_v, row) => <PermissionTags items={row.permissions} />,
    },
    {
      key: 'state',
      title: t('configure.library.column.state'),
      width: 100,
      render: (_v, row) => <PublishTag row={row} />,
    },
    {
      key: 'shared_at',
      title: t('configure.library.column.receivedAt'),
      width: 140,
      render: (_v, row) => formatTime(row.shared_at),
    },
    {
      key: 'actions',
      title: t('configure.library.column.actions'),
      width: 290,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={12} className="tpl-lib-actions">
          <Tooltip title={holds(row, 'copy') ? undefined : t('configure.library.copyNotAllowed')}>
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              disabled={!holds(row, 'copy')}
              loading={copying === row.id}
              onClick={() => onCopy(row)}
            >
              {t('configure.library.action.copy')}
            </Button>
          </Tooltip>
          <Link to={middlewarePath(row.id)} className="tpl-lib-action-link">
            <ExportOutlined /> {t('configure.library.action.open')}
          </Link>
          <Popconfirm
            title={t('configure.library.leave.confirmTitle', { name: row.name })}
            description={t('configure.library.leave.confirmContent', { owner: row.owner_name })}
            okText={t('configure.library.action.leave')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.action.cancel')}
            onConfirm={() => void onLeave(row)}
          >
            <Button type="link" size="small" danger icon={<LogoutOutlined />}>
              {t('configure.library.action.leave')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return <LibraryTable columns={columns} scrollX={1040} {...props} />;
}

function LibraryTable({
  columns,
  rows,
  loading,
  empty,
  pagination,
  onChange,
  scrollX,
}: LibraryTableProps & { columns: TableProps<LibraryItem>['columns']; scrollX: number }) {
  return (
    <Table<LibraryItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: scrollX }}
      pagination={pagination}
      onChange={onChange}
    />
  );
}
