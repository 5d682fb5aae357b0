// Real-time faults (/info/realTimeFault, P73000): the unconfirmed alarms of every readable device, filtered by
// level, device and keyword, confirmed one by one or in a batch with a note, shelved for a while with a reason (the
// "Shelved" view lists those, with the way to end it); the alarm history by time range; both refresh on the
// WebSocket's alarm pushes. Administrators set the tenant's default control password here.
import { CheckOutlined, LockOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Input, Segmented, Select, Space, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { AlarmList } from '@/components/alarms/alarm-list';
import { alarmLevelOptions, alarmTypeOptions } from '@/components/alarms/alarm-options';
import { ConfirmAlarmsModal } from '@/components/alarms/confirm-alarms-modal';
import { ShelveAlarmsModal, type ShelveTarget } from '@/components/alarms/shelve-alarms-modal';
import { useCan } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { DevicePicker } from '@/components/pickers/device-picker';
import { useAlarmCount } from '@/lib/alarms/alarm-count';
import { useAlarmHistory } from '@/lib/alarms/list-alarm-history';
import { useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import { useUnshelveAlarms } from '@/lib/alarms/shelve-alarms';
import type { AlarmOut } from '@/lib/alarms/types';
import { useAlarmListParams, type AlarmListState } from '@/lib/alarms/use-alarm-list-params';
import { useAlarmRefresh } from '@/lib/alarms/use-alarm-refresh';
import { holdsDeviceItem, Role } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { param, useListParams, useSyncedText, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { DefaultControlPasswordModal } from '../components/default-control-password-modal';
import '../info.css';
import { fromWallClock, zoned } from '@/lib/timezone';

type View = 'realtime' | 'history';

/** The real-time tab's view in the URL: `shelved=true` lists only the shelved alarms. */
const SHELF_PARAMS: ParamSpec<{ shelved?: boolean }> = { shelved: param.bool };

/** The history's time range in the URL (epoch ms); the last 7 days by default. */
const RANGE_PARAMS: ParamSpec<{ start?: number; end?: number }> = { start: param.time, end: param.time };

function defaultRange(): [Dayjs, Dayjs] {
  // The user's days (lib/timezone).
  return [zoned().subtract(7, 'day').startOf('day'), zoned().endOf('day')];
}

function DeviceFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <DevicePicker<number>
      className="info-toolbar__filter"
      placeholder={t('telemetry.alarm.deviceFilter')}
      aria-label={t('telemetry.alarm.deviceFilter')}
      value={value}
      onChange={onChange}
    />
  );
}

/** A narrow select of fixed options, labelled by its placeholder. */
function OptionFilter<T extends number>(props: {
  label: string;
  value: T | undefined;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Select<T>
      className="info-toolbar__filter info-toolbar__filter--narrow"
      allowClear
      placeholder={props.label}
      aria-label={props.label}
      value={props.value}
      options={props.options}
      onChange={props.onChange}
    />
  );
}

/** The filters both tabs have: level, (the history's) type, device and keyword. */
function AlarmFilters({ list, withType = false }: { list: AlarmListState; withType?: boolean }) {
  const { t } = useTranslation();
  const { params, filter } = list;
  const [keyword, setKeyword] = useSyncedText(params.keyword);
  return (
    <>
      <OptionFilter
        label={t('telemetry.alarm.levelFilter')}
        value={params.level}
        options={alarmLevelOptions(t)}
        onChange={(level) => filter({ level })}
      />
      {withType && (
        <OptionFilter
          label={t('telemetry.alarm.typeFilter')}
          value={params.alarm_type}
          options={alarmTypeOptions(t)}
          onChange={(alarm_type) => filter({ alarm_type })}
        />
      )}
      <DeviceFilter value={params.device_id} onChange={(device_id) => filter({ device_id })} />
      <Input.Search
        className="info-toolbar__search"
        allowClear
        placeholder={t('telemetry.alarm.keyword')}
        aria-label={t('telemetry.alarm.keyword')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
        }}
        onSearch={(keyword) => filter({ keyword: keyword.trim() || undefined })}
      />
    </>
  );
}

function RealtimeTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  // Confirming and shelving are offered while the caller's role holds alarm_confirm (the server refuses otherwise).
  const handles = holdsDeviceItem(
    useSession((st) => st.deviceItems),
    'alarm_confirm',
  );
  const [confirming, setConfirming] = useState<number[]>([]);
  const [shelving, setShelving] = useState<ShelveTarget[]>([]);
  const list = useAlarmListParams(() => {
    setSelected([]);
  });
  const shelf = useListParams(SHELF_PARAMS);
  const shelved = shelf.params.shelved === true;
  const alarms = useRealtimeAlarms({ ...list.params, shelved: shelved || undefined });
  const unshelve = useUnshelveAlarms();

  const endShelving = (ids: number[]) =>
    unshelve.mutateAsync({ ids }).then(
      () => {
        toast.success(t('telemetry.alarm.shelve.unshelved', { count: ids.length }));
        setSelected((held) => held.filter((id) => !ids.includes(id)));
      },
      // lib/http has shown the server's reason (110576, 110577).
      () => undefined,
    );

  const shelveSelected = () => {
    const items = alarms.data?.items ?? [];
    setShelving(selected.map((id) => items.find((a) => a.id === id) ?? { id }));
  };

  const unshelveSelected = () => {
    const ids = selected;
    void modal.confirm({
      title: t('telemetry.alarm.shelve.unshelveTitle', { count: ids.length }),
      content: t('telemetry.alarm.shelve.unshelveContent'),
      okText: t('telemetry.alarm.shelve.unshelve'),
      cancelText: t('common.action.cancel'),
      onOk: () => endShelving(ids),
    });
  };

  return (
    <>
      <AlarmList
        mode="realtime"
        alarms={alarms}
        list={list}
        filters={
          <>
            <Segmented<'active' | 'shelved'>
              aria-label={t('telemetry.alarm.shelve.view')}
              value={shelved ? 'shelved' : 'active'}
              options={[
                { value: 'active', label: t('telemetry.alarm.shelve.active') },
                { value: 'shelved', label: t('telemetry.alarm.shelve.shelved') },
              ]}
              onChange={(value) => {
                setSelected([]);
                shelf.filter({ shelved: value === 'shelved' ? true : undefined });
              }}
            />
            <AlarmFilters list={list} />
          </>
        }
        actions={
          handles && (
            <>
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
              {shelved ? (
                <Button
                  icon={<PlayCircleOutlined />}
                  disabled={selected.length === 0}
                  loading={unshelve.isPending}
                  onClick={unshelveSelected}
                >
                  {t('telemetry.alarm.shelve.unshelveSelected', { count: selected.length })}
                </Button>
              ) : (
                <Button
                  icon={<PauseCircleOutlined />}
                  disabled={selected.length === 0}
                  onClick={shelveSelected}
                >
                  {t('telemetry.alarm.shelve.shelveSelected', { count: selected.length })}
                </Button>
              )}
            </>
          )
        }
        shelved={shelved}
        {...(handles
          ? {
              selectedIds: selected,
              onSelect: setSelected,
              onConfirm: (items: AlarmOut[]) => {
                setConfirming(items.map((a) => a.id));
              },
              ...(shelved
                ? { onUnshelve: (items: AlarmOut[]) => void endShelving(items.map((a) => a.id)) }
                : { onShelve: setShelving }),
            }
          : {})}
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
      <ShelveAlarmsModal
        alarms={shelving}
        onClose={() => {
          setShelving([]);
        }}
        onDone={(done) => {
          const ids = new Set(done.map((a) => a.id));
          setSelected((held) => held.filter((id) => !ids.has(id)));
        }}
      />
    </>
  );
}

type Range = [Dayjs, Dayjs];

function HistoryTab() {
  const { t } = useTranslation();
  const [fallback] = useState<Range>(defaultRange);
  const rangeParams = useListParams(RANGE_PARAMS);
  const { start, end } = rangeParams.params;
  const range: Range =
    start !== undefined && end !== undefined && start <= end ? [zoned(start), zoned(end)] : fallback;
  const list = useAlarmListParams();
  const alarms = useAlarmHistory({ ...list.params, start: range[0].valueOf(), end: range[1].valueOf() });

  return (
    <AlarmList
      mode="history"
      alarms={alarms}
      list={list}
      filters={
        <>
          <DatePicker.RangePicker
            className="info-toolbar__range"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            aria-label={t('telemetry.alarm.range')}
            value={range}
            presets={[
              {
                label: t('telemetry.history.preset.day'),
                value: () => [zoned().subtract(1, 'day'), zoned()],
              },
              {
                label: t('telemetry.history.preset.week'),
                value: () => [zoned().subtract(7, 'day'), zoned()],
              },
              {
                label: t('telemetry.history.preset.month'),
                value: () => [zoned().subtract(30, 'day'), zoned()],
              },
            ]}
            onChange={(value) => {
              const [start, end] = value ?? [];
              if (start && end)
                rangeParams.filter({
                  start: fromWallClock(start).valueOf(),
                  end: fromWallClock(end).valueOf(),
                });
            }}
          />
          <AlarmFilters list={list} withType />
        </>
      }
    />
  );
}

export default function RealTimeFaultPage() {
  const { t } = useTranslation();
  // The open tab in the URL (`?tab=history`); each tab keeps its filters and page there while it shows.
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('tab') === 'history' ? 'history' : 'realtime';
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
            setSearchParams(key === 'history' ? { tab: 'history' } : {}, { replace: true });
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
