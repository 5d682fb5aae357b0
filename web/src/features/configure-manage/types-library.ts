// Shapes of the binding, library and tile-group payloads in docs/api-templates.md (hand-written until api.gen.ts
// covers them).
import type { TemplateOut, TemplatePermission } from './types';

export type { PageOf } from './types';

/** A template permission item (TEMPLATE_PERMISSION_ITEMS in types/limits.gen.ts). */
export type PermissionItem = TemplatePermission;

/** The template object `TemplateOut`. */
export type LibraryTemplate = TemplateOut;

export type TemplateRelationFilter = 'own' | 'received' | 'all';

export interface LibraryTemplateParams {
  page: number;
  page_size: number;
  q?: string;
  relation?: TemplateRelationFilter;
  group_id?: number;
}

// --- binding ---------------------------------------------------------------------------------------------------

export interface BindDevice {
  id: number;
  sn_code: string;
  alias: string;
  dev_state: number | null;
  firmware_version: string;
  vpn_state: boolean;
  group_name: string | null;
}

export interface BindRow {
  device: BindDevice;
  bound_template_id: number | null;
  bound_template_name: string | null;
  supported: boolean;
  missing_types: string[];
}

export interface BindListParams {
  template_id: number;
  page: number;
  page_size: number;
  q?: string;
  bound?: boolean;
}

export interface BindInput {
  template_id: number;
  device_ids: number[];
}

// --- sharing and the library -----------------------------------------------------------------------------------

export interface TemplateReceiver {
  user_id: number;
  user_name: string;
  tenant_name: string;
  permissions: string[];
  created_at: number;
}

export interface TemplateShareList {
  items: TemplateReceiver[];
  /** How many more receivers the quota `template_share` allows; null when unlimited. */
  remaining: number | null;
}

export type LibraryRelation = 'shared' | 'received';

export interface LibraryParams {
  page: number;
  page_size: number;
  q?: string;
  relation: LibraryRelation;
}

/** A library row: the template, with its receiver count (shared) or its owner and items (received). */
export interface LibraryItem extends LibraryTemplate {
  receiver_count: number;
  /** Shared out: the latest share; received: when it was shared with the caller. */
  shared_at: number;
}

// --- tile groups -----------------------------------------------------------------------------------------------

export interface TileGroup {
  id: number;
  name: string;
  count: number;
  sort: number;
}
