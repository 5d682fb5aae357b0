// One device of the central monitoring grid: name and SN, online state, active alarms (count, most urgent
// level), last report and its first data sources' values. Only a card in or near the viewport reads its data
// sources (GET /rDev, cached) and subscribes to the socket (those data sources only); scrolled away it lets go.
// Memoised on primitive props: a card renders when its own device changes, never because another did.
import { useQuery } from '@tanstack/react-query';
import { Badge, Tag } from 'antd';
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { deviceStateKey, STATE_COLORS, type DeviceStateKey } from '@/components/map/markers';
import { alarmLevelColor } from '@/lib/alarms/tags';
import { EMPTY } from '@/lib/empty';
import { liveValuesQueryOptions } from '@/lib/telemetry/get-live-values';
import { formatValue, mergeLive, qualityName } from '@/lib/telemetry/live';
import { useFramedLiveDevice } from '@/lib/telemetry/use-framed-live';
import type { MonitorDevice } from '../../api/monitor-devices';
import { formatReportTime } from '../../lib/monitor-format';
import { useInView } from '../../lib/use-in-view';

/** How many data sources a card shows: the device's first ones, in its template's order. */
export const KEY_VALUES = 6;
/** A seed read once stays this long before a card scrolled back in reads it again (the socket keeps it current). */
const SEED_STALE_MS = 5 * 60_000;

/** False while something covers the grid (a device's screens over it): the cards let go of their subscriptions
 * and keep what they show. */
export const GridLiveContext = createContext(true);

export interface MonitorCardProps {
  device: MonitorDevice;
  alarmCount: number;
  alarmLevel: number | null;
  onOpen: (deviceId: number) => void;
}

/** A value that flashes when it changes, in CSS alone (no timer): each change switches the span between two
 * animations of the same look, and a new animation name plays from the start; the first text shown does not flash.
 * The span stays the same element, so a change only restyles it. */
const Value = memo(function Value({ text, quality }: { text: string; quality: string }) {
  const [shown, setShown] = useState(text);
  const [changes, setChanges] = useState(0);
  if (text !== shown) {
    setShown(text);
    setChanges(changes + 1);
  }
  const flash = changes === 0 ? '' : ` moncheck-value--flash${String(changes % 2)}`;
  return <span className={`moncheck-value moncheck-value--${quality}${flash}`}>{text}</span>;
});

/** The name, state and alarms: memoised apart from the values, so a value push does not render them again. */
const CardHead = memo(function CardHead({
  name,
  sn,
  state,
  alarmCount,
  alarmLevel,
}: {
  name: string;
  sn: string;
  state: DeviceStateKey;
  alarmCount: number;
  alarmLevel: number | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span className="moncheck-card__head">
        <span className="moncheck-card__name" title={name}>
          {name}
        </span>
        <Badge color={STATE_COLORS[state]} text={t(`dashboard.monitoringCheck.state.${state}`)} />
      </span>
      <span className="moncheck-card__meta">
        <span className="moncheck-card__sn">{sn}</span>
        {alarmCount > 0 && alarmLevel !== null ? (
          <Tag color={alarmLevelColor(alarmLevel)} className="moncheck-card__alarm" data-level={alarmLevel}>
            {t('dashboard.monitoringCheck.card.alarms', { count: alarmCount, level: alarmLevel })}
          </Tag>
        ) : null}
      </span>
    </>
  );
});

export const MonitorCard = memo(function MonitorCard({
  device,
  alarmCount,
  alarmLevel,
  onOpen,
}: MonitorCardProps) {
  const { t } = useTranslation();
  const [ref, near] = useInView<HTMLButtonElement>();
  const gridLive = useContext(GridLiveContext);
  const inView = near && gridLive;
  const seed = useQuery({
    ...liveValuesQueryOptions(device.id),
    enabled: inView,
    staleTime: SEED_STALE_MS,
  });
  const items = useMemo(() => seed.data?.items.slice(0, KEY_VALUES) ?? [], [seed.data]);
  const sources = useMemo(() => items.map((item) => item.id), [items]);
  const live = useFramedLiveDevice(device.id, sources, inView && seed.isSuccess);
  const shown = useMemo(() => mergeLive(items, live.values), [items, live.values]);

  const devState = live.ready ? live.devState : (seed.data?.dev_state ?? device.dev_state);
  const state = deviceStateKey(devState, device.registered);
  let reported = Math.max(device.report_time ?? 0, seed.data?.report_time ?? 0);
  for (const item of shown) if (item.ts !== null && item.ts > reported) reported = item.ts;
  const name = device.alias || device.sn_code;

  return (
    <button
      ref={ref}
      type="button"
      className={`moncheck-card moncheck-card--${state}${alarmCount > 0 ? ' moncheck-card--alarm' : ''}`}
      data-device-id={device.id}
      aria-label={t('dashboard.monitoringCheck.card.open', { name })}
      onClick={() => onOpen(device.id)}
    >
      <CardHead
        name={name}
        sn={device.sn_code}
        state={state}
        alarmCount={alarmCount}
        alarmLevel={alarmLevel}
      />
      <span className="moncheck-card__values">
        {seed.isPending ? (
          <span className="moncheck-card__loading" aria-label={t('dashboard.monitoringCheck.card.loading')}>
            <span />
            <span />
            <span />
          </span>
        ) : seed.isError ? (
          <span className="moncheck-card__note">{t('dashboard.monitoringCheck.card.valuesFailed')}</span>
        ) : shown.length === 0 ? (
          <span className="moncheck-card__note">{t('dashboard.monitoringCheck.card.noSources')}</span>
        ) : (
          shown.map((item) => (
            <span key={item.id} className="moncheck-card__row">
              <span className="moncheck-card__label" title={item.name}>
                {item.name}
              </span>
              <Value text={formatValue(item.value, item)} quality={qualityName(item.quality)} />
              <span className="moncheck-card__unit">{item.value === null ? '' : (item.unit ?? '')}</span>
            </span>
          ))
        )}
      </span>
      <span className="moncheck-card__time">
        {t('dashboard.monitoringCheck.card.reported', {
          time: reported > 0 ? formatReportTime(reported) : EMPTY,
        })}
      </span>
    </button>
  );
});
