// Hand-written shapes of the home page's calls (docs/api-devices.md: /dev/stateInfo, /yun/devLog, /dev/map;
// docs/api-templates.md: /yun/homenav/module).
import type { MapTiles } from '../../components/map/types';
import type { components } from '../../types/api.gen';

/** /dev/stateInfo. A group without id or name holds the shares from other tenants not filed in a group. */
export type StateInfo = components['schemas']['StateInfoOut'];

export interface DevLogEntry {
  id: number;
  time: number;
  device_id: number | null;
  sn: string;
  action: string;
  user_name: string;
  detail: Record<string, unknown> | null;
}

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface HomeMapItem {
  id: number;
  sn_code: string;
  alias: string;
  dev_state: number | null;
  registered: boolean;
  latitude: number;
  longitude: number;
  address: string;
  located_at: number | null;
}

export interface HomeMap {
  tiles: MapTiles;
  theme: string;
  items: HomeMapItem[];
}

export interface HomeTemplates {
  total: number;
  published: number;
  items: { id: number; name: string; published: boolean; bound_count: number }[];
}
