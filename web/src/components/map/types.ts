// Shapes the shared map takes: the tile settings of GET /dev/map and the markers a page puts on the map.

/** `tiles` of GET /dev/map; `url` null means no tile server is configured (the offline base map is shown). */
export interface MapTiles {
  url: string | null;
  attribution: string;
  subdomains: string | string[];
  max_zoom: number;
}

/** A device on the map. */
export interface MapMarker {
  id: number;
  latitude: number;
  longitude: number;
  /** 1 online, 2 offline, null unregistered (SPEC §4). */
  dev_state: number | null;
  registered: boolean;
  /** Accessible label (alias or SN). */
  label: string;
  /** The device has an active alarm: its pin pulses red around its state colour. */
  alarm?: boolean;
}
