// The shared Leaflet map of devices (devGPS and home): tiles from GET /dev/map or the bundled offline base map,
// a SPEC §9 theme, state-coloured markers (stacked ones clustered with their count), a controlled selection with a popup,
// and slots for overlays such as a history track. Markers are divIcons, so no image paths need resolving under Vite.
import 'leaflet/dist/leaflet.css';
import './device-map.css';

import type { FeatureCollection } from 'geojson';
import * as L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { GeoJSON, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';

import { hasPosition, shouldCluster, stateColor } from './markers';
import { loadCountries, OFFLINE_ATTRIBUTION } from './offline-base';
import { mapThemeStyle } from './themes';
import type { MapMarker, MapTiles } from './types';

/** China, where most sites are, until the markers say otherwise. */
const DEFAULT_CENTER: L.LatLngTuple = [34.5, 106];
const DEFAULT_ZOOM = 4;
// Deep enough to follow a history track; the 1:110m coastline is coarse there, but the track is what matters.
const OFFLINE_MAX_ZOOM = 14;

export interface DeviceMapProps {
  /** `url` null: no tile server, the offline base map shows; undefined: not known yet. */
  tiles: MapTiles | undefined;
  theme: string;
  markers: readonly MapMarker[];
  height: number | string;
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
  /** Popup content of the selected marker. */
  renderPopup?: (id: number) => ReactNode;
  /** Fired once per tile that fails to load. */
  onTileError?: () => void;
  /** No scroll-wheel zoom (a small map inside a scrolling page). */
  compact?: boolean;
  /** Fit the view to the markers when they first arrive (default true). */
  fitMarkers?: boolean;
  /** Forces clustering on or off; by default it follows shouldCluster(markers). */
  cluster?: boolean;
  className?: string;
  /** Overlays rendered inside the map (polylines, track markers). */
  children?: ReactNode;
}

export function DeviceMap({
  tiles,
  theme,
  markers,
  height,
  selectedId = null,
  onSelect,
  renderPopup,
  onTileError,
  compact = false,
  fitMarkers = true,
  cluster,
  className,
  children,
}: DeviceMapProps) {
  const style = mapThemeStyle(theme);
  const placed = useMemo(() => markers.filter(hasPosition), [markers]);
  const selected = selectedId === null ? undefined : placed.find((m) => m.id === selectedId);
  const wrapperStyle = {
    height,
    '--map-tile-filter': style.tileFilter,
    '--map-bg': style.background,
  } as CSSProperties;

  return (
    <div
      className={['device-map', style.dark ? 'device-map--dark' : '', className ?? ''].join(' ').trim()}
      style={wrapperStyle}
    >
      <MapContainer
        center={DEFAULT_CENTER}
        zoom={DEFAULT_ZOOM}
        minZoom={2}
        maxZoom={tiles?.url ? tiles.max_zoom : OFFLINE_MAX_ZOOM}
        scrollWheelZoom={!compact}
        worldCopyJump
        className="device-map__leaflet"
      >
        {tiles?.url ? (
          <TileLayer
            key={tiles.url}
            url={tiles.url}
            attribution={tiles.attribution}
            subdomains={tiles.subdomains}
            maxZoom={tiles.max_zoom}
            eventHandlers={{ tileerror: () => onTileError?.() }}
          />
        ) : (
          tiles && <OfflineBase land={style.land} border={style.border} />
        )}
        <SizeWatcher />
        <MarkerLayer
          markers={placed}
          clustered={cluster ?? shouldCluster(placed.length)}
          selectedId={selected ? selected.id : null}
          onSelect={onSelect}
          fit={fitMarkers}
        />
        {selected && renderPopup && (
          <SelectedPopup marker={selected} onClose={() => onSelect?.(null)}>
            {renderPopup(selected.id)}
          </SelectedPopup>
        )}
        {children}
      </MapContainer>
    </div>
  );
}

function OfflineBase({ land, border }: { land: string; border: string }) {
  const [countries, setCountries] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let alive = true;
    void loadCountries().then((data) => {
      if (alive) setCountries(data);
    });
    return () => {
      alive = false;
    };
  }, []);
  if (!countries) return null;
  return (
    <GeoJSON
      key={`${land}-${border}`}
      data={countries}
      attribution={OFFLINE_ATTRIBUTION}
      interactive={false}
      style={{ color: border, weight: 0.8, fillColor: land, fillOpacity: 1 }}
    />
  );
}

/** Leaflet measures its container once; a container that changes size (side panels, tabs) needs telling. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function pinIcon(marker: MapMarker, selected: boolean): L.DivIcon {
  const color = stateColor(marker.dev_state, marker.registered);
  const classes = ['map-pin', selected ? 'map-pin--selected' : '', marker.alarm ? 'map-pin--alarm' : ''];
  return L.divIcon({
    className: classes.filter(Boolean).join(' '),
    html: `<span class="map-pin__dot" style="background:${color}"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

interface ClusterApi {
  markerClusterGroup: (options?: L.MarkerClusterGroupOptions) => L.MarkerClusterGroup;
}

/** leaflet.markercluster extends the global `L` (Leaflet's UMD build sets window.L); loaded only when needed. */
async function clusterGroup(): Promise<L.MarkerClusterGroup> {
  await Promise.all([
    import('leaflet.markercluster'),
    import('leaflet.markercluster/dist/MarkerCluster.css'),
    import('leaflet.markercluster/dist/MarkerCluster.Default.css'),
  ]);
  const global = (window as unknown as { L: ClusterApi }).L;
  return global.markerClusterGroup({
    chunkedLoading: true,
    showCoverageOnHover: false,
    maxClusterRadius: 50,
  });
}

interface MarkerLayerProps {
  markers: readonly MapMarker[];
  clustered: boolean;
  selectedId: number | null;
  onSelect: ((id: number | null) => void) | undefined;
  fit: boolean;
}

function isClusterGroup(group: L.FeatureGroup): group is L.MarkerClusterGroup {
  return 'addLayers' in group;
}

function addAll(group: L.FeatureGroup, markers: L.Marker[]) {
  if (isClusterGroup(group)) group.addLayers(markers);
  else for (const marker of markers) group.addLayer(marker);
}

function removeAll(group: L.FeatureGroup, markers: L.Marker[]) {
  if (isClusterGroup(group)) group.removeLayers(markers);
  else for (const marker of markers) group.removeLayer(marker);
}

function MarkerLayer({ markers, clustered, selectedId, onSelect, fit }: MarkerLayerProps) {
  const map = useMap();
  const [group, setGroup] = useState<L.FeatureGroup | null>(null);
  const byId = useRef(new Map<number, L.Marker>());
  const onSelectRef = useRef(onSelect);
  const fitted = useRef(false);
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    onSelectRef.current = onSelect;
    selectedRef.current = selectedId;
  }, [onSelect, selectedId]);

  // The layer that holds the markers: a plain feature group, or a cluster group beyond the threshold.
  useEffect(() => {
    let alive = true;
    let layer: L.FeatureGroup | null = null;
    const attach = (next: L.FeatureGroup) => {
      if (!alive) return;
      layer = next;
      next.addTo(map);
      setGroup(next);
    };
    if (clustered) void clusterGroup().then(attach);
    else attach(L.featureGroup());
    return () => {
      alive = false;
      if (layer) map.removeLayer(layer);
      setGroup(null);
    };
  }, [map, clustered]);

  // Markers kept across updates: a live change (a state, an alarm) sets that marker's icon, a move its position, and
  // only new devices are added (in one call: a cluster group clusters them once) and gone ones removed. Rebuilding
  // all of them on every update cost a map of 100 devices ~300 ms of the page's opening (B6).
  const shown = useRef(new Map<number, MapMarker>());
  useEffect(() => {
    if (!group) return;
    const kept = byId.current;
    const before = shown.current;
    const next = new Map(markers.map((m) => [m.id, m]));
    const gone: L.Marker[] = [];
    for (const [id, marker] of kept)
      if (!next.has(id)) {
        gone.push(marker);
        kept.delete(id);
        before.delete(id);
      }
    if (gone.length > 0) removeAll(group, gone);
    if (fit && !fitted.current && markers.length > 0) {
      // Fitted before the markers go in, so a cluster group clusters them at the zoom they are shown at.
      fitted.current = true;
      const bounds = L.latLngBounds(markers.map((m) => [m.latitude, m.longitude] as L.LatLngTuple));
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 11, animate: false });
    }
    const added: L.Marker[] = [];
    for (const m of markers) {
      const marker = kept.get(m.id);
      const last = before.get(m.id);
      if (!marker) {
        const created = L.marker([m.latitude, m.longitude], {
          icon: pinIcon(m, false),
          title: m.label,
          alt: m.label,
          keyboard: true,
          riseOnHover: true,
        });
        created.on('click', () => onSelectRef.current?.(m.id));
        kept.set(m.id, created);
        added.push(created);
      } else if (last) {
        if (last.latitude !== m.latitude || last.longitude !== m.longitude)
          marker.setLatLng([m.latitude, m.longitude]);
        if (last.dev_state !== m.dev_state || last.registered !== m.registered || last.alarm !== m.alarm)
          marker.setIcon(pinIcon(m, m.id === selectedRef.current));
        if (last.label !== m.label) {
          marker.options.title = m.label;
          marker.options.alt = m.label;
          const element = marker.getElement();
          if (element) {
            element.title = m.label;
            element.setAttribute('alt', m.label);
          }
        }
      }
    }
    if (added.length > 0) addAll(group, added);
    shown.current = next;
  }, [group, markers, map, fit]);

  // A new layer (clustering switched) starts empty: its markers are made afresh.
  useEffect(
    () => () => {
      byId.current.clear();
      shown.current.clear();
    },
    [group],
  );

  // Highlight and bring the selected marker into view (out of its cluster when clustered).
  useEffect(() => {
    if (selectedId === null || !group) return;
    const marker = byId.current.get(selectedId);
    const source = markers.find((m) => m.id === selectedId);
    if (!marker || !source) return;
    marker.setIcon(pinIcon(source, true));
    marker.setZIndexOffset(1000);
    const reveal = () => {
      const target = marker.getLatLng();
      if (!map.getBounds().pad(-0.1).contains(target)) map.panTo(target);
    };
    if (isClusterGroup(group)) group.zoomToShowLayer(marker, reveal);
    else reveal();
    return () => {
      marker.setIcon(pinIcon(source, false));
      marker.setZIndexOffset(0);
    };
  }, [selectedId, group, markers, map]);

  return null;
}

function SelectedPopup({
  marker,
  onClose,
  children,
}: {
  marker: MapMarker;
  onClose: () => void;
  children: ReactNode;
}) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const id = marker.id;
  const closedBy = useRef<number | null>(null);
  return (
    <Popup
      key={id}
      position={[marker.latitude, marker.longitude]}
      offset={[0, -4]}
      autoPan
      eventHandlers={{
        // Closing with ✕ or a map click clears the selection; replacing the popup (another marker) does not.
        remove: () => {
          if (closedBy.current !== id) onCloseRef.current();
        },
      }}
      ref={(popup) => {
        if (!popup) closedBy.current = id;
      }}
    >
      {children}
    </Popup>
  );
}

/** Fits the view to `points` whenever their identity (`fitKey`) changes. */
export function MapFitBounds({ points, fitKey }: { points: readonly L.LatLngTuple[]; fitKey: string }) {
  const map = useMap();
  const pointsRef = useRef(points);
  useEffect(() => {
    pointsRef.current = points;
  }, [points]);
  useEffect(() => {
    const pts = pointsRef.current;
    if (pts.length === 0) return;
    map.fitBounds(L.latLngBounds(pts as L.LatLngTuple[]), { padding: [40, 40], maxZoom: 15 });
  }, [fitKey, map]);
  return null;
}
