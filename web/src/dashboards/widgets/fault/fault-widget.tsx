// The fault widget: the unconfirmed alarms of the card's device (GET /rAlarmDev?device_id=, the page the device's
// screens read too), of its group (the viewer's first 200 unconfirmed alarms, shared with the map and the net
// monitor, kept to the group's devices from GET /dev?group_id=) or of every device the viewer reads; new ones arrive
// over the one socket and flash once. In a presentation each row confirms with a note (POST /rAlarmDev/confirmation,
// the console's confirm dialog). A device or group no longer there says so on the card.
import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmAlarmsModal } from '@/components/alarms/confirm-alarms-modal';
import { realtimeAlarmsQueryOptions, useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import { alarmLevelColor } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { ACTIVE_ALARMS_SEED } from '@/lib/alarms/use-device-alarms';
import { useAlarmFeed } from '@/lib/ws';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { errorDetail, isGone } from '../../data/gone';
import { deviceName, useDevice, useDevices, useGroupCheck } from '../../data/queries';
import { targetScope } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import { shownAlarms } from './alarms';
import './fault.css';

/** The pushes keep the list current; a refetch now and then fills what a confirmation elsewhere left short. */
export const FAULT_REFRESH_MS = 60_000;

const RECOVERED = 2;

/** Today's alarms show the time only; older ones the date too. */
function alarmTime(ms: number, now: number = Date.now()): string {
  const time = dayjs(ms);
  return time.isSame(now, 'day') ? time.format('HH:mm:ss') : time.format('MM-DD HH:mm');
}

export default function FaultWidget({ card, settings, mode, visible, linkage, theme }: WidgetProps<'fault'>) {
  const { t } = useTranslation();
  const scope = targetScope(card.link, settings, linkage);
  const deviceId = scope.kind === 'device' ? scope.deviceId : null;
  const groupId = scope.kind === 'group' ? scope.groupId : null;
  const limit = settings.limit;

  const device = useDevice(deviceId, visible);
  const group = useGroupCheck(groupId, visible);
  const members = useDevices(
    { group_id: groupId ?? undefined },
    visible && groupId !== null,
    FAULT_REFRESH_MS,
  );
  // A device's alarms: the page its screens read too (one request for both cards).
  const deviceSeed = useQuery({
    ...realtimeAlarmsQueryOptions({ device_id: deviceId ?? 0, page: 1, page_size: PAGE_SIZE_MAX }),
    enabled: visible && deviceId !== null,
    refetchInterval: visible ? FAULT_REFRESH_MS : false,
  });
  const sharedSeed = useRealtimeAlarms(ACTIVE_ALARMS_SEED, visible && deviceId === null);
  const seed = deviceId === null ? sharedSeed : deviceSeed;

  // The latest push of each alarm since the card appeared, and those new since (they flash once).
  const [pushed, setPushed] = useState<ReadonlyMap<number, AlarmOut>>(() => new Map());
  useAlarmFeed((alarm) => {
    setPushed((held) => new Map(held).set(alarm.id, alarm));
  }, visible);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [confirming, setConfirming] = useState<number[]>([]);

  const memberIds = useMemo(() => new Set((members.data?.items ?? []).map((d) => d.id)), [members.data]);
  const alarms = useMemo(() => {
    const within =
      deviceId !== null
        ? (id: number) => id === deviceId
        : groupId !== null
          ? (id: number) => memberIds.has(id)
          : () => true;
    return shownAlarms(seed.data?.items ?? [], pushed, within, limit, hidden);
  }, [seed.data, pushed, deviceId, groupId, memberIds, limit, hidden]);
  const fresh = useMemo(() => {
    const seeded = new Set((seed.data?.items ?? []).map((a) => a.id));
    return new Set([...pushed.keys()].filter((id) => !seeded.has(id)));
  }, [seed.data, pushed]);

  const retry = () => {
    void seed.refetch();
    if (groupId !== null) void members.refetch();
  };

  let body;
  if (deviceId !== null && isGone(device.error)) body = <GoneState what="device" />;
  else if (group.state === 'gone') body = <GoneState what="group" />;
  else if ((seed.isError && !seed.data) || (members.isError && !members.data))
    body = <ErrorState detail={errorDetail(seed.error ?? members.error)} onRetry={retry} />;
  else if (
    !seed.data ||
    seed.isPlaceholderData ||
    (groupId !== null && (!members.data || members.isPlaceholderData))
  )
    // Another device or group picked: the last one's rows are not this one's.
    body = <WidgetState kind="loading" />;
  else if (alarms.length === 0)
    body = <WidgetState kind="empty" title={t('dashboards.widgets.fault.empty')} />;
  else
    body = (
      <ul className="dw-fault__list" aria-label={t('dashboards.widgets.fault.list')}>
        {alarms.map((alarm) => (
          <li
            key={alarm.id}
            className={`dw-fault__row${fresh.has(alarm.id) ? ' dw-fault__row--new' : ''}`}
            data-alarm-id={alarm.id}
          >
            <Tag
              color={alarmLevelColor(alarm.alarm_level)}
              className="dw-fault__level"
              data-level={alarm.alarm_level}
            >
              {t('telemetry.alarm.levelN', { n: alarm.alarm_level })}
            </Tag>
            <span className="dw-fault__time">{alarmTime(alarm.alarm_time)}</span>
            <span className="dw-fault__text">
              {deviceId === null && (
                <span className="dw-fault__device">
                  {deviceName({ alias: alarm.dev_alias, sn_code: alarm.sn_code })}
                </span>
              )}
              <span className="dw-fault__name" title={alarm.alarm_info ?? alarm.alarm_name}>
                {alarm.alarm_name}
              </span>
            </span>
            {alarm.alarm_type === RECOVERED && (
              <Tag color="success" className="dw-fault__recovered">
                {t('telemetry.alarm.type.recovered')}
              </Tag>
            )}
            {mode === 'view' && (
              <Tooltip title={t('dashboards.widgets.fault.confirm')}>
                <Button
                  size="small"
                  type="text"
                  icon={<CheckOutlined />}
                  aria-label={t('dashboards.widgets.fault.confirmOne', { name: alarm.alarm_name })}
                  onClick={() => setConfirming([alarm.id])}
                />
              </Tooltip>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <WidgetFrame theme={theme} className="dw-fault" testId="widget-fault">
      {body}
      {deviceId !== null && device.data && (
        <div className="dw-note">
          {t('dashboards.widgets.fault.ofDevice', { name: deviceName(device.data) })}
        </div>
      )}
      {group.state === 'ok' && (
        <div className="dw-note">{t('dashboards.widgets.fault.ofGroup', { name: group.group.name })}</div>
      )}
      <ConfirmAlarmsModal
        ids={confirming}
        onClose={() => setConfirming([])}
        onDone={() => {
          const done = confirming;
          setHidden((held) => new Set([...held, ...done]));
        }}
      />
    </WidgetFrame>
  );
}
