// The fault widget: the unconfirmed alarms of the card's device, of its group (the server keeps them to the group's
// devices) or of every device the viewer reads, through the dashboard's source (GET /rAlarmDev?device_id= — the page
// the device's screens read too —, ?group_id=, or the first page shared with the map; a share link's page GET
// /yun/shared/dashboard/alarms); new ones arrive over the source's socket and flash once (a group's new alarm of a
// device not yet listed is read again from the server, which knows the group). In the console's presentation each
// row confirms with a note (POST /rAlarmDev/confirmation, the console's confirm dialog); a share link's page only
// shows them. A device or group no longer there says so on the card.
import { CheckOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { holdsDeviceItem } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { ConfirmAlarmsModal } from '@/components/alarms/confirm-alarms-modal';
import { alarmLevelColor } from '@/lib/alarms/tags';
import type { AlarmOut } from '@/lib/alarms/types';
import { useSourceAlarmFeed } from '../../data/alarms';
import { errorDetail, isGone } from '../../data/gone';
import { useGroupCheck } from '../../data/group-check';
import { deviceName } from '../../data/queries';
import { useDashboardSource } from '../../data/source';
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

  const source = useDashboardSource();
  const device = source.useDevice(deviceId, visible);
  const group = useGroupCheck(groupId, visible);
  const seed = source.useAlarms({ deviceId, groupId }, visible, FAULT_REFRESH_MS);
  const seeded = useMemo(() => new Set((seed.data ?? []).map((a) => a.id)), [seed.data]);
  // The devices the group's alarms name: a push of another device's alarm may be the group's, the server knows.
  const members = useMemo(() => new Set((seed.data ?? []).map((a) => a.device_id)), [seed.data]);

  // The latest push of each alarm since the card appeared, and those new since (they flash once).
  const [pushed, setPushed] = useState<ReadonlyMap<number, AlarmOut>>(() => new Map());
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  useSourceAlarmFeed((alarm) => {
    setPushed((held) => new Map(held).set(alarm.id, alarm));
    if (!seeded.has(alarm.id)) setFresh((held) => new Set(held).add(alarm.id));
    if (groupId !== null && !members.has(alarm.device_id)) void seed.refetch();
  }, visible);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [confirming, setConfirming] = useState<number[]>([]);
  // A share link's page writes nothing; a signed-in viewer confirms while their role holds alarm_confirm.
  const roleConfirms = holdsDeviceItem(
    useSession((st) => st.deviceItems),
    'alarm_confirm',
  );
  const confirms = mode === 'view' && source.writes && roleConfirms;

  const alarms = useMemo(() => {
    const within =
      deviceId !== null
        ? (id: number) => id === deviceId
        : groupId !== null
          ? (id: number) => members.has(id)
          : () => true;
    return shownAlarms(seed.data ?? [], pushed, within, limit, hidden);
  }, [seed.data, pushed, deviceId, groupId, members, limit, hidden]);

  let body;
  if (deviceId !== null && (isGone(device.error) || isGone(seed.error))) body = <GoneState what="device" />;
  else if (group.state === 'gone') body = <GoneState what="group" />;
  else if (groupId !== null && isGone(seed.error)) body = <GoneState what="group" />;
  else if (seed.isError && !seed.data)
    body = <ErrorState detail={errorDetail(seed.error)} onRetry={() => void seed.refetch()} />;
  else if (!seed.data || seed.isPlaceholderData)
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
            {confirms && (
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
        <div className="dw-note">{t('dashboards.widgets.fault.ofDevice', { name: device.data.name })}</div>
      )}
      {group.state === 'ok' && (
        <div className="dw-note">{t('dashboards.widgets.fault.ofGroup', { name: group.group.name })}</div>
      )}
      {confirms && (
        <ConfirmAlarmsModal
          ids={confirming}
          onClose={() => setConfirming([])}
          onDone={() => {
            const done = confirming;
            setHidden((held) => new Set([...held, ...done]));
          }}
        />
      )}
    </WidgetFrame>
  );
}
