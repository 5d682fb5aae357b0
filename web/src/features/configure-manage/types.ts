// Shapes of the template payloads in docs/api-templates.md (hand-written until api.gen.ts covers them).

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type TemplateType = 'standard' | 'nonstandard';
export type DataVersion = '1.0' | '2.0';
export type TemplateSource = 'create' | 'share';
export type TemplateRelation = 'owner' | 'share';
/** The permission items of a template (core/limits.TEMPLATE_PERMISSION_ITEMS). */
export type TemplatePermission = 'view' | 'copy' | 'bind' | 'design' | 'data_source' | 'publish' | 'export';
export type ScreenKind = 'web' | 'mobile';

export interface TemplateOut {
  id: number;
  name: string;
  description: string;
  type: TemplateType;
  soft_type: string;
  data_version: DataVersion;
  width: number;
  height: number;
  mobile_width: number;
  mobile_height: number;
  source: TemplateSource;
  group_id: number | null;
  group_name: string | null;
  owner_id: number;
  owner_name: string;
  published: boolean;
  /** The edit (`version`) the latest publication froze. */
  published_version: number | null;
  /** The latest publication's number: 1 for the first publish, one more for each publish of a changed template. */
  published_release: number | null;
  published_at: number | null;
  /** Counts saved changes; `changed_since_publish` = published and version > published_version. */
  version: number;
  changed_since_publish: boolean;
  bound_count: number;
  web_screens: number;
  mobile_screens: number;
  data_source_count: number;
  relation: TemplateRelation;
  /** What the caller may do: every item for the owner, the share's items for a receiver. */
  permissions: string[];
  created_at: number;
  updated_at: number;
}

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
export interface TemplateInput {
  name: string;
  description: string;
  type: TemplateType;
  soft_type: string;
  data_version: DataVersion;
  width: number;
  height: number;
  mobile_width: number;
  mobile_height: number;
  group_id?: number | null;
}

export interface ScreenOut {
  id: number;
  template_id: number;
  kind: ScreenKind;
  name: string;
  is_main: boolean;
  sort: number;
  schema_version: number;
  updated_at: number;
}

export interface DataSourceGroupSummary {
  id: number;
  name: string;
  is_default: boolean;
  count: number;
}

export interface MiddlewareDevice {
  id: number;
  sn_code: string;
  alias: string;
  /** SPEC §4: 1 online, 2 offline; null while unregistered. */
  dev_state: number | null;
  firmware_version: string | null;
  supported: boolean;
  missing_types: string[];
}

export interface PublicationOut {
  version: number;
  release: number;
  published_at: number;
  published_by: string;
}

export interface HistoryEntry {
  action: string;
  user_name: string;
  detail: Record<string, unknown>;
  created_at: number;
}

/** GET /yun/module/middleware. */
export interface MiddlewareOut {
  template: TemplateOut;
  screens: ScreenOut[];
  groups: DataSourceGroupSummary[];
  data_sources: { total: number; by_type: Record<string, number> };
  devices: MiddlewareDevice[];
  publication: PublicationOut | null;
  /** The latest 50 actions, newest first. */
  history: HistoryEntry[];
}
