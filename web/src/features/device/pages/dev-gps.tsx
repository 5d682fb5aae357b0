// Device map (/device/devGPS, P34000): located devices on the shared map with a searchable side list, a theme
// picker, the offline/tile-error notices, and a device's history track with playback.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Space, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DeviceMap } from '@/components/map/device-map';
import { useDeviceMap } from '@/components/map/map-api';
import { MAP_THEMES, isMapTheme, type MapTheme } from '@/components/map/themes';
import type { MapMarker } from '@/components/map/types';
import { PageHeader } from '@/components/page-header';
import { useGpsHistory } from '../api/get-gps-history';
import { MapDeviceList } from '../components/gps/map-device-list';
import { MapDevicePopup } from '../components/gps/map-device-popup';
import { MapTrackLayer } from '../components/gps/map-track-layer';
import {
  MapPlayback,
  MapTrackEmpty,
  MapTrackQuery,
  type TrackRequest,
} from '../components/gps/map-track-panel';
import { advance, playbackRate, sortTrack, type PlaybackSpeed } from '../lib/map-playback';
import './device-monitor.css';

export default function DevGpsPage() {
  const { t } = useTranslation();
  const map = useDeviceMap();
  const items = useMemo(() => map.data?.items ?? [], [map.data]);
  const [theme, setTheme] = useState<MapTheme | null>(null);
  const shownTheme: MapTheme = theme ?? (isMapTheme(map.data?.theme) ? map.data.theme : 'normal');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tileError, setTileError] = useState(false);
  const markers: MapMarker[] = useMemo(
    () => items.map((d) => ({ ...d, label: d.alias || d.sn_code })),
    [items],
  );

  // History track and its playback clock.
  const [request, setRequest] = useState<TrackRequest | null>(null);
  const history = useGpsHistory(request);
  const points = useMemo(() => sortTrack(history.data?.points ?? []), [history.data]);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  useEffect(() => {
    setTime(points[0]?.time ?? 0);
    setPlaying(false);
  }, [points]);
  const clock = useRef({ time, speed });
  clock.current = { time, speed };
  useEffect(() => {
    if (!playing || points.length < 2) return;
    const rate = playbackRate(points);
    const end = points[points.length - 1]?.time ?? 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const next = advance(clock.current.time, now - last, clock.current.speed, rate, end);
      last = now;
      setTime(next);
      if (next >= end) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, points]);

  const known = useMemo(() => items.map((d) => ({ id: d.id, sn_code: d.sn_code, alias: d.alias })), [items]);
  const offline = map.data?.tiles.url === null;

  return (
    <div className="page">
      <PageHeader
        title={t('menu.devGPS')}
        subTitle={t('device.map.subtitle')}
        extra={
          <Space>
            <Select<MapTheme>
              value={shownTheme}
              onChange={setTheme}
              className="map-theme-select"
              aria-label={t('device.map.theme.label')}
              options={MAP_THEMES.map((x) => ({ value: x, label: t(`device.map.theme.${x}`) }))}
              prefix={t('device.map.theme.label')}
            />
            <Tooltip title={t('device.map.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('device.map.refresh')}
                loading={map.isFetching && !map.isPending}
                onClick={() => void map.refetch()}
              />
            </Tooltip>
          </Space>
        }
      />
      {offline && (
        <Alert
          type="info"
          showIcon
          title={t('device.map.offline.title')}
          description={t('device.map.offline.description')}
          className="map-notice"
        />
      )}
      {tileError && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setTileError(false) }}
          title={t('device.map.tileError.title')}
          description={t('device.map.tileError.description')}
          className="map-notice"
        />
      )}
      {map.isError && (
        <Alert
          type="error"
          showIcon
          title={t('device.map.loadFailed')}
          action={<Button onClick={() => void map.refetch()}>{t('device.virtual.action.retry')}</Button>}
        />
      )}
      <div className="map-layout">
        <Card className="map-layout__side" title={t('device.map.list.title')} size="small">
          {map.isPending ? (
            <div className="monitor-center">
              <Spin />
            </div>
          ) : (
            <MapDeviceList devices={items} selectedId={selectedId} onSelect={setSelectedId} />
          )}
        </Card>
        <div className="map-layout__main">
          <Spin spinning={map.isPending}>
            <DeviceMap
              tiles={map.data ? map.data.tiles : undefined}
              theme={shownTheme}
              markers={markers}
              height="calc(100vh - 300px)"
              className="map-layout__map"
              selectedId={selectedId}
              onSelect={setSelectedId}
              onTileError={() => setTileError(true)}
              renderPopup={(id) => {
                const device = items.find((d) => d.id === id);
                return device ? <MapDevicePopup device={device} /> : null;
              }}
            >
              {points.length > 0 && request && (
                <MapTrackLayer
                  points={points}
                  time={time}
                  fitKey={`${request.device_id}-${request.start}-${request.end}`}
                />
              )}
            </DeviceMap>
          </Spin>
          {!map.isPending && items.length === 0 && !map.isError && (
            <div className="map-layout__overlay" role="status">
              {t('device.map.noLocated')}
            </div>
          )}
        </div>
      </div>
      <Card title={t('device.map.track.title')} size="small">
        <MapTrackQuery
          known={known}
          loading={history.isFetching}
          active={request !== null}
          initialDevice={selectedId}
          onQuery={setRequest}
          onClear={() => setRequest(null)}
        />
        {request && !history.isFetching && history.isSuccess && points.length === 0 && <MapTrackEmpty />}
        {points.length > 0 && request && (
          <MapPlayback
            points={points}
            time={time}
            playing={playing}
            speed={speed}
            onTime={setTime}
            onPlaying={setPlaying}
            onSpeed={setSpeed}
          />
        )}
      </Card>
    </div>
  );
}
