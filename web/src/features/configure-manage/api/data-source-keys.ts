// Query keys of a template's data sources and their groups: every data source change invalidates dataSourceKeys.template(id).
import type { DataSourceListParams } from '../types-data-source';
import { templateChangeKeys } from './keys';

export const dataSourceKeys = {
  all: ['data-sources'] as const,
  template: (templateId: number) => [...dataSourceKeys.all, templateId] as const,
  lists: (templateId: number) => [...dataSourceKeys.template(templateId), 'list'] as const,
  list: (params: DataSourceListParams) => [...dataSourceKeys.lists(params.template_id), params] as const,
  groups: (templateId: number) => [...dataSourceKeys.template(templateId), 'groups'] as const,
};

/** What a data source change touches: this template's data source lists and groups, and the template's summary
 * (version, data source counts on the middleware page and in the template list). */
export const dataSourceChangeKeys = (templateId: number) => [
  dataSourceKeys.template(templateId),
  ...templateChangeKeys,
];
