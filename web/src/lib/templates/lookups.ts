// A template's look-ups that forms outside the template pages make (the alarm notification rules' form, the
// automation rules' form): the templates the caller reads, a template's data sources with whether each takes a
// write, and the devices bound to a template. Each list is read a page of PAGE_SIZE_MAX after the other until its
// total is in. No toasts: a picker that cannot load shows its empty list.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';

interface PageOf<T> {
  items: T[];
  total: number;
}

/** The most pages of PAGE_SIZE_MAX a look-up reads (a template holds a few hundred data sources at most). */
const LOOKUP_PAGES = 10;

/** Every page of a list, read one after the other until the total is in. */
export async function allPages<T>(read: (page: number) => Promise<PageOf<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
    const chunk = await read(page);
    all.push(...chunk.items);
    if (chunk.items.length === 0 || all.length >= chunk.total) break;
  }
  return all;
}

export interface TemplateOption {
  id: number;
  name: string;
}

export interface TemplateSourceOption {
  id: number;
  name: string;
  unit: string;
  /** Whether the data source takes a write (rw). */
  writable: boolean;
  data_type: string;
}

export interface TemplateDeviceOption {
  id: number;
  sn_code: string;
  alias: string;
  group_name: string | null;
}

export const templateLookupKeys = {
  all: ['template-lookups'] as const,
  templates: () => [...templateLookupKeys.all, 'templates'] as const,
  sources: (templateId: number) => [...templateLookupKeys.all, 'sources', templateId] as const,
  devices: (templateId: number) => [...templateLookupKeys.all, 'devices', templateId] as const,
};

/** The templates the caller reads (own and received), by name. */
export function listTemplateOptions(): Promise<TemplateOption[]> {
  return allPages((page) =>
    get<PageOf<TemplateOption>>(
      '/yun/module',
      { relation: 'all', sort: 'name', order: 'asc', page, page_size: PAGE_SIZE_MAX },
      { silent: true },
    ),
  ).then((items) => items.map(({ id, name }) => ({ id, name })));
}

export const templateOptionsQuery = () =>
  queryOptions({ queryKey: templateLookupKeys.templates(), queryFn: listTemplateOptions, staleTime: 60_000 });

export function useTemplateOptions() {
  return useQuery(templateOptionsQuery());
}

/** Every data source of a template. */
export function listTemplateSourceOptions(templateId: number): Promise<TemplateSourceOption[]> {
  return allPages((page) =>
    get<PageOf<Schema<'DataSourceOut'>>>(
      '/yun/module/dataSource',
      { template_id: templateId, page, page_size: PAGE_SIZE_MAX },
      { silent: true },
    ),
  ).then((items) =>
    items.map((s) => ({
      id: s.id,
      name: s.name,
      unit: s.unit,
      writable: s.rw === 'rw',
      data_type: s.data_type,
    })),
  );
}

export function useTemplateSourceOptions(templateId: number | null | undefined) {
  const id = templateId ?? 0;
  return useQuery({
    queryKey: templateLookupKeys.sources(id),
    queryFn: () => listTemplateSourceOptions(id),
    staleTime: 60_000,
    enabled: id > 0,
  });
}

/** The caller's devices bound to a template (GET /yun/module/bind, bound only). */
export function listTemplateDevices(templateId: number): Promise<TemplateDeviceOption[]> {
  return allPages((page) =>
    get<PageOf<Schema<'BindRowOut'>>>(
      '/yun/module/bind',
      { template_id: templateId, bound: true, page, page_size: PAGE_SIZE_MAX },
      { silent: true },
    ),
  ).then((rows) =>
    rows.map(({ device }) => ({
      id: device.id,
      sn_code: device.sn_code,
      alias: device.alias,
      group_name: device.group_name,
    })),
  );
}

export function useTemplateDevices(templateId: number | null | undefined) {
  const id = templateId ?? 0;
  return useQuery({
    queryKey: templateLookupKeys.devices(id),
    queryFn: () => listTemplateDevices(id),
    staleTime: 60_000,
    enabled: id > 0,
  });
}
