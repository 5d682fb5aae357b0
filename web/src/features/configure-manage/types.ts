// Shapes of the template payloads in docs/api-templates.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type TemplateType = Schema<'TemplateOut'>['type'];
export type DataVersion = Schema<'TemplateOut'>['data_version'];
export type TemplateSource = 'create' | 'share';
export type TemplateRelation = Schema<'TemplateOut'>['relation'];
/** The permission items of a template (core/limits.TEMPLATE_PERMISSION_ITEMS). */
export type TemplatePermission = 'view' | 'copy' | 'bind' | 'design' | 'data_source' | 'publish' | 'export';
export type ScreenKind = 'web' | 'mobile';

export type TemplateOut = Schema<'TemplateOut'>;

export type TemplateSortField = 'updated_at' | 'name' | 'created_at';
export type ListRelation = 'own' | 'received' | 'all';

export interface TemplateFilters {
  q?: string | undefined;
  type?: TemplateType | undefined;
  published?: boolean | undefined;
  relation?: ListRelation | undefined;
  sort?: TemplateSortField | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface TemplateListParams extends TemplateFilters {
  page: number;
  page_size: number;
}

/** POST /yun/module (PUT adds `id`). */
export type TemplateInput = Schema<'TemplateIn'>;

export type ScreenOut = Schema<'ScreenOut'>;

export type DataSourceGroupSummary = Schema<'GroupSummary'>;

export type MiddlewareDevice = Schema<'MiddlewareDevice'>;

export type PublicationOut = Schema<'PublicationOut'>;

export type HistoryEntry = Schema<'HistoryEntry'>;

/** GET /yun/module/middleware. */
export type MiddlewareOut = Schema<'MiddlewareOut'>;
