// The net monitor widget: a group's (or every readable device's) online and offline counts (GET /dev/stateInfo),
// how many of its devices have an active alarm (the shared GET /rAlarmDev seed and the alarm pushes; a group's
// devices from GET /dev?group_id=), and its flow cards' traffic (GET /yun/flow/analysis's totals; a viewer without
// the traffic right sees the empty mark there, the counts stay), in the 大屏's big numbers, read again every 30 s
// while the card is visible and not at all while it is not.
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { STATE_COLORS } from '@/components/map/markers';
import { useDeviceAlarms } from '@/lib/alarms/use-device-alarms';
import { EMPTY } from '@/lib/empty';
import { get } from '@/lib/http';
import { listFlowCards } from '@/lib/usage/flow-cards';
import type { Schema } from '@/types/schema';
import { errorDetail } from '../../data/gone';
import { DEVICES_READ, useDevices, useGroupCheck, widgetKeys } from '../../data/queries';
import { targetGroup } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import { formatTraffic, usedPercent } from './format';
import './net-monitor.css';

export const NET_MONITOR_REFRESH_MS = 30_000;

type StateInfo = Schema<'StateInfoOut'>;

const ALARM_COLOR = '#f53f3f';

function getStateInfo(): Promise<StateInfo> {
  return get<StateInfo>('/dev/stateInfo', undefined, { silent: true });
}

function Figure({
  label,
  value,
  color,
  hint,
}: {
  label: string;
  value: string;
  color: string;
  hint?: string;
}) {
  const figure = (
    <div className="dw-net__figure" style={{ '--dw-figure': color } as CSSProperties}>
      <span className="dw-net__value">{value}</span>
      <span className="dw-net__label">
        <span className="dw-dot" style={{ background: color }} />
        {label}
      </span>
    </div>
  );
  return hint ? <Tooltip title={hint}>{figure}</Tooltip> : figure;
}

export default function NetMonitorWidget({
  card,
  settings,
  visible,
  linkage,
  theme,
}: WidgetProps<'netMonitor'>) {
  const { t } = useTranslation();
  const groupId = targetGroup(card.link, settings.group_id, linkage);
  const group = useGroupCheck(groupId, visible);
  const refetchInterval = visible ? NET_MONITOR_REFRESH_MS : false;
  const states = useQuery({
    queryKey: [...widgetKeys.all, 'state-info'] as const,
    queryFn: getStateInfo,
    enabled: visible,
    refetchInterval,
  });
  const traffic = useQuery({
    queryKey: [...widgetKeys.all, 'traffic', groupId] as const,
    queryFn: () => listFlowCards({ page: 1, page_size: 1, group_id: groupId ?? undefined }, { silent: true }),
    enabled: visible,
    refetchInterval,
  });
  const members = useDevices(
    { group_id: groupId ?? undefined },
    visible && groupId !== null,
    NET_MONITOR_REFRESH_MS,
  );
  const alarms = useDeviceAlarms(visible);

  const counts = useMemo(() => {
    if (!states.data) return null;
    if (groupId === null) return { online: states.data.online, offline: states.data.offline };
    const entry = states.data.by_group.find((g) => g.group_id === groupId);
    return { online: entry?.online ?? 0, offline: entry?.offline ?? 0 };
  }, [states.data, groupId]);
  const alarmed = useMemo(() => {
    if (alarms.isPending && alarms.byDevice.size === 0) return null;
    if (groupId === null) return alarms.byDevice.size;
    if (!members.data || members.isPlaceholderData) return null;
    return members.data.items.filter((d) => alarms.byDevice.has(d.id)).length;
  }, [alarms.isPending, alarms.byDevice, groupId, members.data, members.isPlaceholderData]);
  // More devices than one read holds: the alarm count is of the first ones only.
  const partial = groupId !== null && (members.data?.total ?? 0) > DEVICES_READ;

  let body;
  if (group.state === 'gone') body = <GoneState what="group" />;
  else if (states.isError && !states.data)
    body = <ErrorState detail={errorDetail(states.error)} onRetry={() => void states.refetch()} />;
  else if (!counts) body = <WidgetState kind="loading" />;
  else {
    const summary = traffic.data?.summary;
    const used = formatTraffic(summary?.used_mb);
    const total = formatTraffic(summary?.total_mb);
    const percent = summary ? usedPercent(summary.used_mb, summary.total_mb) : null;
    body = (
      <>
        <div className="dw-net__figures">
          <Figure
            label={t('dashboards.widgets.netMonitor.online')}
            value={String(counts.online)}
            color={STATE_COLORS.online}
          />
          <Figure
            label={t('dashboards.widgets.netMonitor.offline')}
            value={String(counts.offline)}
            color={STATE_COLORS.offline}
          />
          <Figure
            label={t('dashboards.widgets.netMonitor.alarm')}
            value={alarmed === null ? EMPTY : `${String(alarmed)}${partial ? '+' : ''}`}
            color={ALARM_COLOR}
            hint={t('dashboards.widgets.netMonitor.alarmHint')}
          />
        </div>
        <div className="dw-net__traffic" aria-label={t('dashboards.widgets.netMonitor.traffic')}>
          <span className="dw-net__traffic-label">{t('dashboards.widgets.netMonitor.traffic')}</span>
          {summary ? (
            <>
              <span className="dw-net__traffic-value">
                {t('dashboards.widgets.netMonitor.trafficUsed', {
                  used: `${used.value} ${used.unit}`,
                  total: `${total.value} ${total.unit}`,
                })}
              </span>
              <span className="dw-net__bar" role="presentation">
                <span className="dw-net__bar-fill" style={{ width: `${String(percent ?? 0)}%` }} />
              </span>
              <span className="dw-net__traffic-cards">
                {t('dashboards.widgets.netMonitor.cards', { count: summary.cards })}
              </span>
            </>
          ) : (
            <Tooltip
              title={traffic.isError ? t('dashboards.widgets.netMonitor.trafficUnavailable') : undefined}
            >
              <span className="dw-net__traffic-value">{EMPTY}</span>
            </Tooltip>
          )}
        </div>
      </>
    );
  }

  return (
    <WidgetFrame theme={theme} className="dw-net" testId="widget-netMonitor">
      {body}
      {group.state !== 'gone' && (
        <div className="dw-note">
          {group.state === 'ok' ? group.group.name : t('dashboards.widgets.data.allDevices')}
        </div>
      )}
    </WidgetFrame>
  );
}
