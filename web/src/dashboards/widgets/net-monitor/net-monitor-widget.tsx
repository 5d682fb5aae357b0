// The net monitor widget: a group's (or every readable device's) online and offline counts and unconfirmed alarms
// (the source's counts: GET /yun/dashboard/net, or a share link's GET /yun/shared/dashboard/net), and its flow cards'
// traffic (GET /yun/flow/analysis's totals; a viewer without the traffic right sees the empty mark there, the counts
// stay; a share link's page shows no traffic), in the 大屏's big numbers, read again every 30 s while the card is
// visible and not at all while it is not.
import { Tooltip } from 'antd';
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { STATE_COLORS } from '@/components/map/markers';
import { EMPTY } from '@/lib/empty';
import { errorDetail, isGone } from '../../data/gone';
import { useGroupCheck } from '../../data/group-check';
import { useDashboardSource } from '../../data/source';
import { targetGroup } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import { formatTraffic, usedPercent } from './format';
import './net-monitor.css';

export const NET_MONITOR_REFRESH_MS = 30_000;

const ALARM_COLOR = '#f53f3f';

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
  const source = useDashboardSource();
  const net = source.useNet(groupId, visible, NET_MONITOR_REFRESH_MS);
  const traffic = source.useTraffic(groupId, visible, NET_MONITOR_REFRESH_MS);
  // Another group picked: the last one's counts are not this one's.
  const counts = net.isPlaceholderData ? undefined : net.data;

  let body;
  if (group.state === 'gone' || (groupId !== null && isGone(net.error))) body = <GoneState what="group" />;
  else if (net.isError && !net.data)
    body = <ErrorState detail={errorDetail(net.error)} onRetry={() => void net.refetch()} />;
  else if (!counts) body = <WidgetState kind="loading" />;
  else {
    const summary = traffic.data ?? undefined;
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
            value={String(counts.alarms)}
            color={ALARM_COLOR}
            hint={t('dashboards.widgets.netMonitor.alarmHint')}
          />
        </div>
        {traffic.data !== null && (
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
        )}
      </>
    );
  }

  return (
    <WidgetFrame theme={theme} className="dw-net" testId="widget-netMonitor">
      {body}
      {/* A group whose name cannot be read (a shared dashboard without a tree) is not "all devices". */}
      {(group.state === 'ok' || group.state === 'none') && (
        <div className="dw-note">
          {group.state === 'ok' ? group.group.name : t('dashboards.widgets.data.allDevices')}
        </div>
      )}
    </WidgetFrame>
  );
}
