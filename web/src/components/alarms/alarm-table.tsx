// A table of alarms (real-time or history) shared by the fault page and the device page.
import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { canConfirm } from '../../lib/alarms/tags';
import type { AlarmOut } from '../../lib/alarms/types';
import { AlarmLevelTag, AlarmTypeTag } from './alarm-tags';
import './alarms.css';
import { EMPTY } from '../../lib/empty';

export function formatAlarmTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;
}

function formatAlarmValue(value: AlarmOut['value']): string {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

export interface AlarmTableProps {
  alarms: AlarmOut[];
  loading: boolean;
  mode: 'realtime' | 'history';
  /** Show the device column (off on a device's own page). */
  showDevice?: boolean;
  emptyText: string;
  pagination: TablePaginationConfig | false;
  onPageChange?: (page: number, pageSize: number) => void;
  /** Row selection for batch confirmation (real-time only). */
  selectedIds?: number[];
  onSelect?: (ids: number[]) => void;
  /** Shows the confirm action on rows that can be confirmed. */
  onConfirm?: (alarms: AlarmOut[]) => void;
}

export function AlarmTable({
  alarms,
  loading,
  mode,
  showDevice = true,
  emptyText,
  pagination,
  onPageChange,
  selectedIds,
  onSelect,
  onConfirm,
}: AlarmTableProps) {
  const { t } = useTranslation();
  const history = mode === 'history';

  const columns: TableProps<AlarmOut>['columns'] = [
    {
      title: t('telemetry.alarm.column.time'),
      dataIndex: 'alarm_time',
      key: 'time',
      width: 170,
      render: (v: number) => formatAlarmTime(v),
    },
    ...(showDevice
      ? [
          {
            title: t('telemetry.alarm.column.device'),
            key: 'device',
            width: 180,
            render: (_: unknown, a: AlarmOut) => (
              <span className="alarm-device">
                <Link to={`/deviceDetail/${a.device_id}`}>{a.dev_alias || a.sn_code}</Link>
                {a.dev_alias && (
                  <Typography.Text type="secondary" className="alarm-device__sn">
                    {a.sn_code}
                  </Typography.Text>
                )}
              </span>
            ),
          },
        ]
      : []),
    {
      title: t('telemetry.alarm.column.name'),
      key: 'name',
      render: (_: unknown, a: AlarmOut) => (
        <span className="alarm-name">
          <span>{a.alarm_name}</span>
          {a.alarm_info && (
            <Typography.Text type="secondary" className="alarm-name__info">
              {a.alarm_info}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('telemetry.alarm.column.source'),
      dataIndex: 'data_source_name',
      key: 'source',
      width: 140,
      render: (v: string | null) => v || EMPTY,
    },
    {
      title: t('telemetry.alarm.column.value'),
      dataIndex: 'value',
      key: 'value',
      width: 100,
      render: (v: AlarmOut['value']) => formatAlarmValue(v),
    },
    {
      title: t('telemetry.alarm.column.level'),
      dataIndex: 'alarm_level',
      key: 'level',
      width: 90,
      render: (v: number) => <AlarmLevelTag level={v} />,
    },
    {
      title: t('telemetry.alarm.column.type'),
      dataIndex: 'alarm_type',
      key: 'type',
      width: 100,
      render: (v: number) => <AlarmTypeTag type={v} />,
    },
    {
      title: t('telemetry.alarm.column.recover'),
      dataIndex: 'recover_time',
      key: 'recover',
      width: 170,
      render: (v: number | null) =>
        v ? (
          formatAlarmTime(v)
        ) : (
          <Typography.Text type="danger">{t('telemetry.alarm.active')}</Typography.Text>
        ),
    },
    ...(history
      ? [
          {
            title: t('telemetry.alarm.column.confirm'),
            key: 'confirm',
            width: 200,
            render: (_: unknown, a: AlarmOut) =>
              a.confirm_time ? (
                <span className="alarm-name">
                  <span>
                    {formatAlarmTime(a.confirm_time)}
                    {a.confirm_userName ? ` · ${a.confirm_userName}` : ''}
                  </span>
                  {a.alarm_note && (
                    <Typography.Text type="secondary" className="alarm-name__info">
                      {a.alarm_note}
                    </Typography.Text>
                  )}
                </span>
              ) : (
                EMPTY
              ),
          },
        ]
      : []),
    ...(onConfirm
      ? [
          {
            title: t('telemetry.alarm.column.action'),
            key: 'action',
            width: 100,
            fixed: 'right' as const,
            render: (_: unknown, a: AlarmOut) =>
              canConfirm(a) ? (
                <Button
                  type="link"
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={() => {
                    onConfirm([a]);
                  }}
                >
                  {t('telemetry.alarm.confirm')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Table<AlarmOut>
      rowKey="id"
      size="middle"
      className="alarm-table"
      dataSource={alarms}
      loading={loading}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      rowClassName={(a) => (a.recover_time === null && a.alarm_type !== 3 ? 'alarm-row--active' : '')}
      {...(onSelect
        ? {
            rowSelection: {
              selectedRowKeys: selectedIds ?? [],
              getCheckboxProps: (a: AlarmOut) => ({ disabled: !canConfirm(a) }),
              onChange: (keys) => {
                onSelect(keys.map(Number));
              },
            },
          }
        : {})}
      onChange={(p) => {
        onPageChange?.(p.current ?? 1, p.pageSize ?? 20);
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
