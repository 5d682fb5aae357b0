// Real-time faults (/info/realTimeFault, P73000): the unconfirmed alarms of every readable device, filtered by
// level, device and keyword, confirmed one by one or in a batch with a note; the alarm history by time range;
// both refresh on the WebSocket's alarm pushes. Administrators set the tenant's default control password here.
import { CheckOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select, Space, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { alarmLevelOptions, alarmTypeOptions } from '../../../components/alarms/alarm-options';
import { AlarmTable } from '../../../components/alarms/alarm-table';
import { ConfirmAlarmsModal } from '../../../components/alarms/confirm-alarms-modal';
import { useCan } from '../../../components/can';
import { PageHeader } from '../../../components/page-header';
import { useAlarmCount } from '../../../lib/alarms/alarm-count';
import { useAlarmHistory } from '../../../lib/alarms/list-alarm-history';
import { useRealtimeAlarms } from '../../../lib/alarms/list-realtime-alarms';
import type { AlarmHistoryParams, AlarmType, RealtimeAlarmParams } from '../../../lib/alarms/types';
import { useAlarmRefresh } from '../../../lib/alarms/use-alarm-refresh';
import { Role } from '../../../lib/permissions';
import { useAlarmDevices } from '../api/list-alarm-devices';
import { DefaultControlPasswordModal } from '../components/default-control-password-modal';
import '../info.css';

const PAGE_SIZE = 20;
type View = 'realtime' | 'history';

function DeviceFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useAlarmDevices(search);
  return (
    <Select<number>
      className="info-toolbar__filter"
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('telemetry.alarm.deviceFilter')}
      aria-label={t('telemetry.alarm.deviceFilter')}
      loading={devices.isFetching}
      value={value}
      options={(devices.data?.items ?? []).map((d) => ({
        value: d.id,
        label: d.alias ? `${d.alias} (${d.sn_code})` : d.sn_code,
      }))}
      onChange={(v) => {
        onChange(v);
        setSearch('');
      }}
    />
  );
}

function RealtimeTab() {
  const { t } = useTranslation();
  const [params, setParams] = useState<RealtimeAlarmParams>({ page: 1, page_size: PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[]>([]);
  const alarms = useRealtimeAlarms(params);
  const filtered = params.level !== undefined || params.device_id !== undefined || Boolean(params.keyword);
  const filter = (patch: Partial<RealtimeAlarmParams>) => {
    setParams((p) => ({ ...p, ...patch, page: 1 }));
    setSelected([]);
  };

  return (
    <>
      <div className="info-toolbar">
        <Select<number>
          className="info-toolbar__filter info-toolbar__filter--narrow"
          allowClear
          placeholder={t('telemetry.alarm.levelFilter')}
          aria-label={t('telemetry.alarm.levelFilter')}
          value={params.level}
          options={alarmLevelOptions(t)}
          onChange={(level) => filter({ level })}
        />
        <DeviceFilter value={params.device_id} onChange={(device_id) => filter({ device_id })} />
        <Input.Search
          className="info-toolbar__search"
          allowClear
          placeholder={t('telemetry.alarm.keyword')}
          aria-label={t('telemetry.alarm.keyword')}
          onSearch={(keyword) => filter({ keyword: keyword.trim() || undefined })}
        />
        <div className="info-toolbar__spacer" />
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={selected.length === 0}
          onClick={() => {
            setConfirming(selected);
          }}
        >
          {t('telemetry.alarm.confirmSelected', { count: selected.length })}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('telemetry.alarm.refresh')}
          loading={alarms.isFetching}
          onClick={() => void alarms.refetch()}
        />
      </div>
      <AlarmTable
        mode="realtime"
        alarms={alarms.data?.items ?? []}
        loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
        emptyText={
          alarms.isError
            ? t('telemetry.alarm.loadFailed')
            : filtered
              ? t('telemetry.alarm.noMatch')
              : t('telemetry.alarm.empty')
        }
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: alarms.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('telemetry.alarm.total', { total }),
        }}
        onPageChange={(page, page_size) => {
          setParams((p) => ({ ...p, page, page_size }));
        }}
        selectedIds={selected}
        onSelect={setSelected}
        onConfirm={(items) => {
          setConfirming(items.map((a) => a.id));
        }}
      />
      <ConfirmAlarmsModal
        ids={confirming}
        onClose={() => {
          setConfirming([]);
        }}
        onDone={() => {
          setSelected([]);
        }}
      />
    </>
  );
}

type Range = [Dayjs, Dayjs];

function HistoryTab() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => [
    dayjs().subtract(7, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const [params, setParams] = useState<Omit<AlarmHistoryParams, 'start' | 'end'>>({
    page: 1,
    page_size: PAGE_SIZE,
  });
  const alarms = useAlarmHistory({ ...params, start: range[0].valueOf(), end: range[1].valueOf() });
  const filter = (patch: Partial<AlarmHistoryParams>) => setParams((p) => ({ ...p, ...patch, page: 1 }));
  const filtered =
    params.level !== undefined ||
    params.alarm_type !== undefined ||
    params.device_id !== undefined ||
    Boolean(params.keyword);

  return (
    <>
      <div className="info-toolbar">
        <DatePicker.RangePicker
          className="info-toolbar__range"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          aria-label={t('telemetry.alarm.range')}
          value={range}
          presets={[
            { label: t('telemetry.history.preset.day'), value: () => [dayjs().subtract(1, 'day'), dayjs()] },
            { label: t('telemetry.history.preset.week'), value: () => [dayjs().subtract(7, 'day'), dayjs()] },
            {
              label: t('telemetry.history.preset.month'),
              value: () => [dayjs().subtract(30, 'day'), dayjs()],
            },
          ]}
          onChange={(value) => {
            const [start, end] = value ?? [];
            if (start && end) {
              setRange([start, end]);
              setParams((p) => ({ ...p, page: 1 }));
            }
          }}
        />
        <Select<number>
          className="info-toolbar__filter info-toolbar__filter--narrow"
          allowClear
          placeholder={t('telemetry.alarm.levelFilter')}
          aria-label={t('telemetry.alarm.levelFilter')}
          value={params.level}
          options={alarmLevelOptions(t)}
          onChange={(level) => filter({ level })}
        />
        <Select<AlarmType>
          className="info-toolbar__filter info-toolbar__filter--narrow"
          allowClear
          placeholder={t('telemetry.alarm.typeFilter')}
          aria-label={t('telemetry.alarm.typeFilter')}
          value={params.alarm_type}
          options={alarmTypeOptions(t)}
          onChange={(alarm_type) => filter({ alarm_type })}
        />
        <DeviceFilter value={params.device_id} onChange={(device_id) => filter({ device_id })} />
        <Input.Search
          className="info-toolbar__search"
          allowClear
          placeholder={t('telemetry.alarm.keyword')}
          aria-label={t('telemetry.alarm.keyword')}
          onSearch={(keyword) => filter({ keyword: keyword.trim() || undefined })}
        />
        <div className="info-toolbar__spacer" />
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('telemetry.alarm.refresh')}
          loading={alarms.isFetching}
          onClick={() => void alarms.refetch()}
        />
      </div>
      <AlarmTable
        mode="history"
        alarms={alarms.data?.items ?? []}
        loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
        emptyText={
          alarms.isError
            ? t('telemetry.alarm.loadFailed')
            : filtered
              ? t('telemetry.alarm.noMatch')
              : t('telemetry.alarm.emptyHistory')
        }
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: alarms.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('telemetry.alarm.total', { total }),
        }}
        onPageChange={(page, page_size) => {
          setParams((p) => ({ ...p, page, page_size }));
        }}
      />
    </>
  );
}

export default function RealTimeFaultPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('realtime');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const isAdministrator = useCan(Role.ADMINISTRATOR);
  const count = useAlarmCount();
  useAlarmRefresh();

  return (
    <div className="page">
      <PageHeader
        title={t('menu.realTimeFault')}
        subTitle={
          <Space size={8} wrap>
            <span>{t('telemetry.fault.subtitle')}</span>
            {count.data && (
              <Tag
                variant="filled"
                color={count.data.unconfirmed > 0 ? 'red' : 'default'}
                data-testid="alarm-summary"
              >
                {t('telemetry.alarm.summary', { ...count.data })}
              </Tag>
            )}
          </Space>
        }
        extra={
          isAdministrator && (
            <Button
              icon={<LockOutlined />}
              onClick={() => {
                setPasswordOpen(true);
              }}
            >
              {t('telemetry.control.globalButton')}
            </Button>
          )
        }
      />
      <Card>
        <Tabs
          activeKey={view}
          onChange={(key) => {
            setView(key as View);
          }}
          destroyOnHidden
          items={[
            { key: 'realtime', label: t('telemetry.alarm.realtime'), children: <RealtimeTab /> },
            { key: 'history', label: t('telemetry.alarm.history'), children: <HistoryTab /> },
          ]}
        />
      </Card>
      <DefaultControlPasswordModal
        open={passwordOpen}
        onClose={() => {
          setPasswordOpen(false);
        }}
      />
    </div>
  );
}
