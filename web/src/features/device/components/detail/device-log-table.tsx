// A device's log: time, action (translated), user and the recorded detail.
import { Empty, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CellText } from '@/components/table/cell-text';
import { useFitScroll } from '@/components/table/fit-columns';
import { useDeviceLog } from '../../api/list-device-log';
import { formatTime } from '../../lib/format';
import { deviceActionLabel, detailEntries } from '../../lib/log-actions';
import type { DeviceLogOut } from '../../types';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

const ACTION_COLOR: Record<string, string> = {
  register: 'green',
  unregister: 'red',
  online: 'green',
  offline: 'default',
  transfer_in: 'blue',
  transfer_out: 'orange',
  takeback: 'orange',
  share: 'purple',
  share_cancel: 'purple',
  distribute: 'cyan',
  distribution_cancel: 'cyan',
};

export function DeviceLogTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, page_size: 10 });
  const log = useDeviceLog({ ...page, device_id: deviceId });
  const columns: NonNullable<TableProps<DeviceLogOut>['columns']> = [
    {
      title: t('device.log.time'),
      dataIndex: 'time',
      key: 'time',
      width: 180,
      render: (v: number) => formatTime(v),
    },
    {
      title: t('device.log.actionColumn'),
      dataIndex: 'action',
      key: 'action',
      width: 140,
      render: (v: string) => (
        <Tag variant="filled" color={ACTION_COLOR[v] ?? 'blue'} title={v}>
          {deviceActionLabel(t, v)}
        </Tag>
      ),
    },
    {
      title: t('device.log.user'),
      dataIndex: 'user_name',
      key: 'user',
      width: 140,
      render: (v: string) =>
        v ? (
          <CellText>{v}</CellText>
        ) : (
          <Typography.Text type="secondary">{t('device.log.system')}</Typography.Text>
        ),
    },
    {
      title: t('device.log.detail'),
      dataIndex: 'detail',
      key: 'detail',
      minWidth: 240,
      render: (v: DeviceLogOut['detail'], row) => {
        const entries = detailEntries(v, t, row.names);
        if (entries.length === 0) return EMPTY;
        return (
          <span className="devreg-log-detail">
            {entries.map(([k, value]) => (
              <span key={k} className="devreg-log-detail__item">
                <Typography.Text type="secondary">{k}</Typography.Text> {value}
              </span>
            ))}
          </span>
        );
      },
    },
  ];
  const scroll = useFitScroll(columns);

  return (
    <DataTable<DeviceLogOut>
      rowKey="id"
      size="middle"
      dataSource={log.data?.items ?? []}
      loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
      scroll={scroll}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={log.isError ? t('device.log.loadFailed') : t('device.log.empty')}
          />
        ),
      }}
      pagination={{
        current: page.page,
        pageSize: page.page_size,
        total: log.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
        showTotal: (total) => t('device.log.total', { count: total }),
      }}
      onChange={(p) => setPage({ page: p.current ?? 1, page_size: p.pageSize ?? 10 })}
      columns={columns}
    />
  );
}
