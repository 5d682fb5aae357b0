// Shapes of the binding, library and tile-group payloads in docs/api-templates.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';
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

export type BindDevice = Schema<'BindDeviceOut'>;

export type BindRow = Schema<'BindRowOut'>;

export interface BindListParams {
  template_id: number;
  page: number;
  page_size: number;
  q?: string;
  bound?: boolean;
}

export type BindInput = Schema<'iotyun__templates__binding__schemas__BindIn'>;

// --- sharing and the library -----------------------------------------------------------------------------------

export type TemplateReceiver = Schema<'ShareItemOut'>;

export type TemplateShareList = Schema<'iotyun__templates__library__schemas__SharesOut'>;

export type LibraryRelation = 'shared' | 'received';

export interface LibraryParams {
  page: number;
  page_size: number;
  q?: string;
  relation: LibraryRelation;
}

/** A library row: the template, with its receiver count (shared) or its owner and items (received). */
export type LibraryItem = Schema<'LibraryItemOut'>;

// --- tile groups -----------------------------------------------------------------------------------------------

export type TileGroup = Schema<'TileGroupOut'>;
