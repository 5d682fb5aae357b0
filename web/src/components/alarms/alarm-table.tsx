// A table of alarms (real-time or history) shared by the fault page and the device page.
import { Empty, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import { zoned } from '@/lib/timezone';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatShelvedUntil } from '@/lib/alarms/shelve-alarms';
import { canConfirm, isShelved } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { CellLines, CellText } from '../table/cell-text';
import { actionColumn, FROM_XXL, TIME_WIDTH, useFitScroll } from '../table/fit-columns';
import { RowActions } from '../table/row-actions';
import { AlarmLevelTag, AlarmTypeTag } from './alarm-tags';
import './alarms.css';
import { EMPTY } from '@/lib/empty';
import { formatAlarmValue } from '@/lib/alarms/format';
import { DataTable } from '../table/data-table';

export function formatAlarmTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY;
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
  /** Shows the shelve action on rows that can be confirmed and are not shelved. */
  onShelve?: (alarms: AlarmOut[]) => void;
  /** Shows the unshelve action (asked first) on shelved rows. */
  onUnshelve?: (alarms: AlarmOut[]) => void;
  /** The rows are shelved alarms: a column tells until when, by whom and why. */
  shelved?: boolean;
}

/** Under the "Shelved" title: "until 14:30 by admin", then "— reason", of a shelved alarm. */
function ShelfCell({ alarm }: { alarm: AlarmOut }) {
  const { t } = useTranslation();
  if (!isShelved(alarm) || typeof alarm.shelved_until !== 'number') return EMPTY;
  const until = t('telemetry.alarm.shelve.until', {
    time: formatShelvedUntil(alarm.shelved_until),
    by: alarm.shelved_by ?? EMPTY,
  });
  return (
    <CellLines
      primary={<span className="alarm-shelf__until">{until}</span>}
      primaryTooltip={`${until}${alarm.shelve_reason ? ` — ${alarm.shelve_reason}` : ''}`}
      secondary={alarm.shelve_reason ? `— ${alarm.shelve_reason}` : undefined}
    />
  );
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
  onShelve,
  onUnshelve,
  shelved = false,
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
      // Shelved rows add their shelving: the status tag tells recovered or not, the time is the wide screens' detail.
      ...(shelved ? { responsive: FROM_XXL } : {}),
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
    ...(shelved && !history
      ? [
          {
            title: t('telemetry.alarm.column.shelf'),
            key: 'shelf',
            width: 190,
            render: (_: unknown, a: AlarmOut) => <ShelfCell alarm={a} />,
          },
        ]
      : []),
    ...(onConfirm || onShelve || onUnshelve
      ? [
          actionColumn<AlarmOut>({
            title: t('telemetry.alarm.column.action'),
            labels: [
              ...(onConfirm ? [t('telemetry.alarm.confirm')] : []),
              ...(onShelve ? [t('telemetry.alarm.shelve.action')] : []),
              ...(onUnshelve ? [t('telemetry.alarm.shelve.unshelve')] : []),
            ].slice(0, 2),
            more: [onConfirm, onShelve, onUnshelve].filter(Boolean).length > 2,
            render: (a) => (
              <RowActions
                moreLabel={t('telemetry.alarm.column.action')}
                actions={[
                  onConfirm &&
                    canConfirm(a) && {
                      key: 'confirm',
                      label: t('telemetry.alarm.confirm'),
                      onClick: () => {
                        onConfirm([a]);
                      },
                    },
                  onShelve &&
                    canConfirm(a) &&
                    !isShelved(a) && {
                      key: 'shelve',
                      label: t('telemetry.alarm.shelve.action'),
                      onClick: () => {
                        onShelve([a]);
                      },
                    },
                  onUnshelve &&
                    isShelved(a) && {
                      key: 'unshelve',
                      label: t('telemetry.alarm.shelve.unshelve'),
                      confirm: {
                        title: t('telemetry.alarm.shelve.unshelveTitle', { count: 1 }),
                        content: t('telemetry.alarm.shelve.unshelveContent'),
                        okText: t('telemetry.alarm.shelve.unshelve'),
                      },
                      onClick: () => {
                        onUnshelve([a]);
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
