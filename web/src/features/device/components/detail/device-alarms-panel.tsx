// The Alarms tab: the device's unconfirmed alarms (confirmable, one by one or together) and its alarm history,
// refreshed by the WebSocket's alarm pushes.
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { alarmLevelOptions, alarmTypeOptions } from '@/components/alarms/alarm-options';
import { AlarmTable } from '@/components/alarms/alarm-table';
import { ConfirmAlarmsModal } from '@/components/alarms/confirm-alarms-modal';
import { alarmKeys } from '@/lib/alarms/keys';
import { useAlarmHistory } from '@/lib/alarms/list-alarm-history';
import { useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import type { AlarmType } from '@/lib/alarms/types';
import { useAlarmFeed } from '@/lib/ws';
import { fromWallClock, zoned } from '@/lib/timezone';

const PAGE_SIZE = 10;
type View = 'realtime' | 'history';

export function DeviceAlarmsPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [view, setView] = useState<View>('realtime');
  const [page, setPage] = useState({ page: 1, page_size: PAGE_SIZE });
  const [historyPage, setHistoryPage] = useState({ page: 1, page_size: PAGE_SIZE });
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    zoned().subtract(7, 'day').startOf('day'),
    zoned(),
  ]);
  const [level, setLevel] = useState<number | undefined>(undefined);
  const [type, setType] = useState<AlarmType | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[]>([]);
  // Confirming is offered only to a caller whose role holds it (GET /dev/privileges).
  const mayConfirm = useDevicePrivileges(deviceId).may('alarm_confirm');

  const realtime = useRealtimeAlarms({ device_id: deviceId, ...page }, view === 'realtime');
  const history = useAlarmHistory(
    {
      device_id: deviceId,
      ...historyPage,
      start: range[0].valueOf(),
      end: range[1].valueOf(),
      level,
      alarm_type: type,
    },
    view === 'history',
  );

  useAlarmFeed((alarm) => {
    if (alarm.device_id === deviceId) void client.invalidateQueries({ queryKey: alarmKeys.all });
  });

  const current = view === 'realtime' ? realtime : history;

  return (
    <Card className="devreg-section">
      <div className="device-alarms__toolbar">
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'realtime', label: t('telemetry.alarm.realtime') },
            { value: 'history', label: t('telemetry.alarm.history') },
          ]}
        />
        {view === 'history' && (
          <>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              aria-label={t('telemetry.alarm.range')}
              value={range}
              onChange={(value) => {
                const [start, end] = value ?? [];
                if (start && end) {
                  setRange([zoned(fromWallClock(start)), zoned(fromWallClock(end))]);
                  setHistoryPage((p) => ({ ...p, page: 1 }));
                }
              }}
            />
            <Select<number>
              className="device-alarms__select"
              allowClear
              placeholder={t('telemetry.alarm.levelFilter')}
              aria-label={t('telemetry.alarm.levelFilter')}
              value={level}
              options={alarmLevelOptions(t)}
              onChange={(v) => {
                setLevel(v);
                setHistoryPage((p) => ({ ...p, page: 1 }));
              }}
            />
            <Select<AlarmType>
              className="device-alarms__select"
              allowClear
              placeholder={t('telemetry.alarm.typeFilter')}
              aria-label={t('telemetry.alarm.typeFilter')}
              value={type}
              options={alarmTypeOptions(t)}
              onChange={(v) => {
                setType(v);
                setHistoryPage((p) => ({ ...p, page: 1 }));
              }}
            />
          </>
        )}
        <div className="history-toolbar__spacer" />
        {view === 'realtime' && mayConfirm && (
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            onClick={() => {
              setConfirming(selected);
            }}
          >
            {t('telemetry.alarm.confirmSelected', { count: selected.length })}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('telemetry.alarm.refresh')}
          loading={current.isFetching}
          onClick={() => void current.refetch()}
        />
      </div>
      {view === 'realtime' ? (
        <AlarmTable
          mode="realtime"
          showDevice={false}
          alarms={realtime.data?.items ?? []}
          loading={realtime.isPending || (realtime.isFetching && realtime.isPlaceholderData)}
          emptyText={realtime.isError ? t('telemetry.alarm.loadFailed') : t('telemetry.alarm.empty')}
          pagination={{
            current: page.page,
            pageSize: page.page_size,
            total: realtime.data?.total ?? 0,
            showTotal: (total) => t('telemetry.alarm.total', { total }),
          }}
          onPageChange={(p, size) => {
            setPage((prev) => ({ page: p, page_size: size ?? prev.page_size }));
          }}
          selectedIds={mayConfirm ? selected : undefined}
          onSelect={mayConfirm ? setSelected : undefined}
          onConfirm={
            mayConfirm
              ? (alarms) => {
                  setConfirming(alarms.map((a) => a.id));
                }
              : undefined
          }
        />
      ) : (
        <AlarmTable
          mode="history"
          showDevice={false}
          alarms={history.data?.items ?? []}
          loading={history.isPending || (history.isFetching && history.isPlaceholderData)}
          emptyText={history.isError ? t('telemetry.alarm.loadFailed') : t('telemetry.alarm.emptyHistory')}
          pagination={{
            current: historyPage.page,
            pageSize: historyPage.page_size,
            total: history.data?.total ?? 0,
            showTotal: (total) => t('telemetry.alarm.total', { total }),
          }}
          onPageChange={(p, size) => {
            setHistoryPage((prev) => ({ page: p, page_size: size ?? prev.page_size }));
          }}
        />
      )}
      <ConfirmAlarmsModal
        ids={confirming}
        onClose={() => {
          setConfirming([]);
        }}
        onDone={() => {
          setSelected([]);
        }}
      />
    </Card>
  );
}
