// The history track drawn on the map: the whole route (faint), the travelled part, start/end and the moving head.
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { MapFitBounds } from '@/components/map/device-map';
import { colors } from '@/lib/theme';
import { pathUntil, positionAt } from '../../lib/map-playback';
import type { TrackPoint } from '../../lib/monitor-types';

export function MapTrackLayer({
  points,
  time,
  fitKey,
}: {
  points: readonly TrackPoint[];
  time: number;
  fitKey: string;
}) {
  const { t } = useTranslation();
  const all = useMemo(() => points.map((p) => [p.latitude, p.longitude] as [number, number]), [points]);
  const travelled = pathUntil(points, time);
  const head = positionAt(points, time);
  const start = all[0];
  const end = all[all.length - 1];
  if (!start || !end) return null;
  return (
    <>
      <MapFitBounds points={all} fitKey={fitKey} />
      <Polyline positions={all} pathOptions={{ color: colors.primary, weight: 4, opacity: 0.3 }} />
      <Polyline positions={travelled} pathOptions={{ color: colors.primary, weight: 4, opacity: 0.95 }} />
      <CircleMarker
        center={start}
        radius={7}
        pathOptions={{ color: colors.bgContainer, weight: 2, fillColor: colors.success, fillOpacity: 1 }}
      >
        <Tooltip direction="top" offset={[0, -6]}>
          {t('device.map.track.start')}
        </Tooltip>
      </CircleMarker>
      <CircleMarker
        center={end}
        radius={7}
        pathOptions={{ color: colors.bgContainer, weight: 2, fillColor: colors.danger, fillOpacity: 1 }}
      >
        <Tooltip direction="top" offset={[0, -6]}>
          {t('device.map.track.end')}
        </Tooltip>
      </CircleMarker>
      {head && (
        <CircleMarker
          center={[head.latitude, head.longitude]}
          radius={8}
          pathOptions={{ color: colors.bgContainer, weight: 3, fillColor: colors.primary, fillOpacity: 1 }}
        />
      )}
    </>
  );
}
