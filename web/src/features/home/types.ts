// Shapes of the home page's calls (docs/api-devices.md: /dev/stateInfo, /yun/devLog, /dev/map;
// docs/api-templates.md: /yun/homenav/module).
import type { Schema } from '@/types/schema';

/** /dev/stateInfo. A group without id or name holds the shares from other tenants not filed in a group. */
export type StateInfo = Schema<'StateInfoOut'>;

export type DevLogEntry = Schema<'DeviceLogOut'>;

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type HomeMapItem = Schema<'MapItem'>;

export type HomeMap = Schema<'MapOut'>;

export type HomeTemplates = Schema<'HomeNavOut'>;
