// The user log table: time, user, simulating administrator, action, target, IP; the detail in an expanded row.
import { Descriptions, Empty, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { CellText } from '@/components/table/cell-text';
import { useFitScroll } from '@/components/table/fit-columns';
import { actionLabel } from '../lib/actions';
import { formatDetailValue, formatLogTime, hasDetail } from '../lib/format';
import type { UserLogOut } from '../types';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

interface UserLogTableProps {
  entries: UserLogOut[];
  loading: boolean;
  pagination: TableProps<UserLogOut>['pagination'];
  onChange?: TableProps<UserLogOut>['onChange'];
  emptyText: string;
}

export function UserLogTable({ entries, loading, pagination, onChange, emptyText }: UserLogTableProps) {
  const { t } = useTranslation();

  const columns: NonNullable<TableProps<UserLogOut>['columns']> = [
    {
      title: t('info.log.column.time'),
      dataIndex: 'time',
      key: 'time',
      width: 170,
      render: (v: number) => formatLogTime(v),
    },
    {
      title: t('info.log.column.user'),
      dataIndex: 'user_name',
      key: 'user',
      width: 140,
      render: (v: string) => <CellText>{v}</CellText>,
    },
    {
      title: t('info.log.column.actor'),
      dataIndex: 'actor_name',
      key: 'actor',
      width: 170,
      render: (v: string | null) =>
        v ? <Tag color="orange">{t('info.log.simulating', { name: v })}</Tag> : EMPTY,
    },
    {
      title: t('info.log.column.action'),
      dataIndex: 'action',
      key: 'action',
      width: 160,
      render: (v: string) => (
        <Typography.Text title={v} className="info-log__action">
          {actionLabel(t, v)}
        </Typography.Text>
      ),
    },
    {
      title: t('info.log.column.target'),
      dataIndex: 'target',
      key: 'target',
      minWidth: 200,
      render: (v: string) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('info.log.column.ip'),
      dataIndex: 'ip',
      key: 'ip',
      width: 140,
      render: (v: string) => v || EMPTY,
    },
  ];

  // The expand column only when some entry on the page has details to open (sign-ins have none).
  const expands = entries.some((r) => hasDetail(r.detail));
  const scroll = useFitScroll(columns, { expandable: expands });

  return (
    <DataTable<UserLogOut>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      scroll={scroll}
      expandable={{
        showExpandColumn: expands,
        rowExpandable: (r) => hasDetail(r.detail),
        expandedRowRender: (r) => (
          <Descriptions
            size="small"
            column={1}
            title={t('info.log.detail')}
            items={Object.entries(r.detail ?? {}).map(([key, value]) => ({
              key,
              label: key,
              children: formatDetailValue(value),
            }))}
          />
        ),
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
