// The two lists of the template library: templates the caller shared out, and templates shared with the caller.
import { TeamOutlined } from '@ant-design/icons';
import { Button, Tag, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CellLines, CellText } from '@/components/table/cell-text';
import { actionColumn, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { formatTime } from '../../lib/library-format';
import { middlewarePath } from '../../lib/library-paths';
import { holds } from '../../lib/library-permissions';
import type { LibraryItem } from '../../types-library';
import { PermissionTags } from './permission-items';
import { DataTable } from '@/components/table/data-table';

interface LibraryTableProps {
  rows: LibraryItem[];
  loading: boolean;
  empty: ReactNode;
  pagination: TableProps<LibraryItem>['pagination'];
  onChange: TableProps<LibraryItem>['onChange'];
}

function NameCell({ row }: { row: LibraryItem }) {
  return (
    <CellLines
      primary={
        <Link to={middlewarePath(row.id)} className="tpl-lib-name__link">
          {row.name}
        </Link>
      }
      primaryTooltip={row.name}
      secondary={row.description}
    />
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
  const columns: NonNullable<TableProps<LibraryItem>['columns']> = [
    {
      key: 'name',
      title: t('configure.library.column.name'),
      minWidth: 200,
      render: (_v, row) => <NameCell row={row} />,
    },
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
    actionColumn<LibraryItem>({
      title: t('configure.library.column.actions'),
      labels: [t('configure.library.action.manageShares'), t('configure.library.action.transfer')],
      more: false,
      render: (row) => (
        <RowActions
          moreLabel={t('configure.library.action.moreFor', { name: row.name })}
          actions={[
            {
              key: 'manage',
              label: t('configure.library.action.manageShares'),
              onClick: () => onManage(row),
            },
            {
              key: 'transfer',
              label: t('configure.library.action.transfer'),
              onClick: () => onTransfer(row),
            },
          ]}
        />
      ),
    }),
  ];
  return <LibraryTable columns={columns} {...props} />;
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
  const columns: NonNullable<TableProps<LibraryItem>['columns']> = [
    {
      key: 'name',
      title: t('configure.library.column.name'),
      minWidth: 180,
      render: (_v, row) => <NameCell row={row} />,
    },
    {
      key: 'owner',
      title: t('configure.library.column.owner'),
      width: 120,
      render: (_v, row) => <CellText>{row.owner_name}</CellText>,
    },
    {
      key: 'items',
      title: t('configure.library.column.items'),
      minWidth: 200,
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
    actionColumn<LibraryItem>({
      title: t('configure.library.column.actions'),
      labels: [t('configure.library.action.copy'), t('configure.library.action.open')],
      more: true,
      render: (row) => (
        <RowActions
          moreLabel={t('configure.library.action.moreFor', { name: row.name })}
          actions={[
            {
              key: 'copy',
              label: t('configure.library.action.copy'),
              disabled: !holds(row, 'copy'),
              disabledReason: t('configure.library.copyNotAllowed'),
              loading: copying === row.id,
              onClick: () => onCopy(row),
            },
            { key: 'open', label: t('configure.library.action.open'), to: middlewarePath(row.id) },
            {
              key: 'leave',
              label: t('configure.library.action.leave'),
              danger: true,
              menu: true,
              confirm: {
                title: t('configure.library.leave.confirmTitle', { name: row.name }),
                content: t('configure.library.leave.confirmContent', { owner: row.owner_name }),
                okText: t('configure.library.action.leave'),
              },
              onClick: () => void onLeave(row),
            },
          ]}
        />
      ),
    }),
  ];
  return <LibraryTable columns={columns} {...props} />;
}

function LibraryTable({
  columns,
  rows,
  loading,
  empty,
  pagination,
  onChange,
}: LibraryTableProps & { columns: NonNullable<TableProps<LibraryItem>['columns']> }) {
  const scroll = useFitScroll(columns);
  return (
    <DataTable<LibraryItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={scroll}
      pagination={pagination}
      onChange={onChange}
    />
  );
}
