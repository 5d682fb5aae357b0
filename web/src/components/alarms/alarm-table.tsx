// A table of alarms (real-time or history) shared by the fault page and the device page.
import { Empty, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { canConfirm } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { CellLines, CellText } from '../table/cell-text';
import { actionColumn, FROM_XXL, TIME_WIDTH, useFitScroll } from '../table/fit-columns';
import { RowActions } from '../table/row-actions';
import { AlarmLevelTag, AlarmTypeTag } from './alarm-tags';
import './alarms.css';
import { EMPTY } from '@/lib/empty';
import { formatPoint } from '@/lib/telemetry/history';
import { DataTable } from '../table/data-table';

export function formatAlarmTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;
}

function formatAlarmValue(value: AlarmOut['value']): string {
  if (value === null || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? '1' : '0';
  // The alarm holds no decimals of its own: a number reads without float noise (at most 4 places).
  return typeof value === 'number' ? formatPoint(value, null) : value;
}

export interface AlarmTableProps {
  alarms: AlarmOut[];
  loading: boolean;
  mode: 'realtime' | 'history';
  /** Show the device column (off on a device's own page). */
  showDevice?: boolean;
  emptyText: string;
  pagination: TablePaginationConfig | false;
  onPageChange?: (page: number, pageSize?: number) => void;
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

  const columns: NonNullable<TableProps<AlarmOut>['columns']> = [
    {
      title: t('telemetry.alarm.column.time'),
      dataIndex: 'alarm_time',
      key: 'time',
      width: TIME_WIDTH,
      render: (v: number) => formatAlarmTime(v),
    },
    ...(showDevice
      ? [
          {
            title: t('telemetry.alarm.column.device'),
            key: 'device',
            width: 150,
            render: (_: unknown, a: AlarmOut) => (
              <CellLines
                primary={<Link to={`/deviceDetail/${a.device_id}`}>{a.dev_alias || a.sn_code}</Link>}
                primaryTooltip={a.dev_alias || a.sn_code}
                secondary={a.dev_alias ? <span className="alarm-device__sn">{a.sn_code}</span> : undefined}
              />
            ),
          },
        ]
      : []),
    {
      title: t('telemetry.alarm.column.name'),
      key: 'name',
      minWidth: 160,
      render: (_: unknown, a: AlarmOut) => <CellLines primary={a.alarm_name} secondary={a.alarm_info} />,
    },
    {
      title: t('telemetry.alarm.column.source'),
      dataIndex: 'data_source_name',
      key: 'source',
      width: 120,
      // The alarm's name says what it watches; the data source is the detail wide screens add.
      responsive: FROM_XXL,
      render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('telemetry.alarm.column.value'),
      dataIndex: 'value',
      key: 'value',
      width: 80,
      render: (v: AlarmOut['value']) => <CellText>{formatAlarmValue(v)}</CellText>,
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
      width: TIME_WIDTH,
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
                <CellLines
                  primary={`${formatAlarmTime(a.confirm_time)}${a.confirm_userName ? ` · ${a.confirm_userName}` : ''}`}
                  secondary={a.alarm_note}
                />
              ) : (
                EMPTY
              ),
          },
        ]
      : []),
    ...(onConfirm
      ? [
          actionColumn<AlarmOut>({
            title: t('telemetry.alarm.column.action'),
            labels: [t('telemetry.alarm.confirm')],
            more: false,
            render: (a) => (
              <RowActions
                moreLabel={t('telemetry.alarm.column.action')}
                actions={[
                  canConfirm(a) && {
                    key: 'confirm',
                    label: t('telemetry.alarm.confirm'),
                    onClick: () => {
                      onConfirm([a]);
                    },
                  },
                ]}
              />
            ),
          }),
        ]
      : []),
  ];
  const scroll = useFitScroll(columns, { selection: onSelect !== undefined });

  return (
    <DataTable<AlarmOut>
      rowKey="id"
      size="middle"
      className="alarm-table"
      dataSource={alarms}
      loading={loading}
      columns={columns}
      scroll={scroll}
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
        onPageChange?.(p.current ?? 1, p.pageSize);
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
