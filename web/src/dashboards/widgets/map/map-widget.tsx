// The map widget: the group's located devices, or all the viewer reads (the source's map: GET /dev/map, or a share
// link's GET /yun/shared/dashboard/map) on the shared device map, clustered; each pin takes its device's live state
// (state-only subscriptions) and pulses while the device has an active alarm (the source's unconfirmed alarms and the
// alarm pushes, shared with the other cards). In a presentation a click picks the device for the cards that follow
// the device tree; the picked device's pin is highlighted. Nothing is asked or listened to while the card is out of
// sight.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { DeviceMap } from '@/components/map/device-map';
import { STATE_COLORS } from '@/components/map/markers';
import type { MapMarker } from '@/components/map/types';
import { useAlarmMarks } from '../../data/alarms';
import { errorDetail, isGone } from '../../data/gone';
import { useLiveStates } from '../../data/live-states';
import { useGroupCheck } from '../../data/group-check';
import { deviceName } from '../../data/queries';
import { useDashboardSource } from '../../data/source';
import { targetGroup } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import './map.css';

/** Positions change seldom; states and alarms arrive live. */
export const MAP_REFRESH_MS = 60_000;

/** The map's look on a dark dashboard theme (the server's theme on a light one). */
const DARK_MAP_THEME = 'midnight';

const ALARM_COLOR = '#f53f3f';

export default function MapWidget({ card, settings, mode, visible, linkage, theme }: WidgetProps<'map'>) {
  const { t } = useTranslation();
  const groupId = targetGroup(card.link, settings.group_id, linkage);
  const group = useGroupCheck(groupId, visible);
  const map = useDashboardSource().useMap(groupId, visible, MAP_REFRESH_MS);
  const items = useMemo(() => map.data?.items ?? [], [map.data]);
  const ids = useMemo(() => items.map((d) => d.id), [items]);
  const states = useLiveStates(ids, visible);
  const alarms = useAlarmMarks(groupId, visible);

  const markers: MapMarker[] = useMemo(
    () =>
      items.map((d) => ({
        id: d.id,
        latitude: d.latitude,
        longitude: d.longitude,
        dev_state: d.registered ? (states.get(d.id) ?? d.dev_state) : null,
        registered: d.registered,
        label: deviceName(d),
        alarm: alarms.byDevice.has(d.id),
      })),
    [items, states, alarms.byDevice],
  );
  const counts = useMemo(() => {
    let online = 0;
    let offline = 0;
    let alarm = 0;
    for (const m of markers) {
      if (m.dev_state === 1) online += 1;
      else if (m.registered) offline += 1;
      if (m.alarm) alarm += 1;
    }
    return { online, offline, alarm };
  }, [markers]);

  let body;
  if (group.state === 'gone' || (groupId !== null && isGone(map.error))) body = <GoneState what="group" />;
  else if (map.isError && !map.data)
    body = <ErrorState detail={errorDetail(map.error)} onRetry={() => void map.refetch()} />;
  else if (!map.data) body = <WidgetState kind="loading" />;
  else if (markers.length === 0)
    body = (
      <WidgetState
        kind="empty"
        title={t('dashboards.widgets.map.empty')}
        detail={t('dashboards.widgets.map.emptyHint')}
      />
    );
  else
    body = (
      <>
        <DeviceMap
          // Another group: the view fits its devices afresh.
          key={groupId ?? 'all'}
          tiles={map.data.tiles}
          theme={theme.tone === 'dark' ? DARK_MAP_THEME : map.data.theme}
          markers={markers}
          height="100%"
          className="dw-map__map"
          compact={mode === 'edit'}
          selectedId={linkage.deviceId}
          onSelect={
            mode === 'view'
              ? (id) => {
                  // Closing a selection on the map keeps the dashboard's pick.
                  if (id !== null) linkage.setDevice(id);
                }
              : undefined
          }
        />
        <ul className="dw-map__legend" aria-label={t('dashboards.widgets.map.legend')}>
          <li>
            <span className="dw-dot" style={{ background: STATE_COLORS.online }} />
            {t('dashboards.widgets.map.online', { count: counts.online })}
          </li>
          <li>
            <span className="dw-dot" style={{ background: STATE_COLORS.offline }} />
            {t('dashboards.widgets.map.offline', { count: counts.offline })}
          </li>
          <li>
            <span className="dw-dot" style={{ background: ALARM_COLOR }} />
            {t('dashboards.widgets.map.alarm', { count: counts.alarm })}
          </li>
        </ul>
      </>
    );

  return (
    <WidgetFrame theme={theme} className="dw-map" testId="widget-map">
      {body}
    </WidgetFrame>
  );
}
