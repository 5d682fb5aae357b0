// A select searched on the server: the typed text settles (debounced) into a query, the first page of matches
// becomes the options, options already chosen stay labelled (given as `known`, or looked up by id when the first
// page does not hold them), and the list says when it is searching or empty.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, type ReactNode } from 'react';

import { useDebouncedSearch } from '@/lib/use-debounced-search';

export interface PickerOption {
  value: number;
  label: string;
}

export type RemoteSelectProps<T, V> = Omit<
  SelectProps<V>,
  'options' | 'loading' | 'showSearch' | 'filterOption'
> & {
  queryKey: (q: string) => QueryKey;
  fetchPage: (q: string) => Promise<{ items: T[] }>;
  toOption: (item: T) => PickerOption;
  /** Options already chosen (edit), so their labels show before a search finds them. */
  known?: readonly PickerOption[];
  /** Shown in the open list while a search runs. */
  searchingText?: ReactNode;
  /** Shown in the open list when nothing matches. */
  emptyText?: ReactNode;
  /** Ask the server only while true (a closed dialog asks nothing). */
  enabled?: boolean;
  /** Looks up chosen values that neither the first page nor `known` holds (one beyond the first options), so
   * they show their names rather than their ids. */
  lookup?: RemoteLookup<T>;
};

export interface RemoteLookup<T> {
  queryKey: (ids: readonly number[]) => QueryKey;
  /** The items of `ids` the caller may see (those it may not are left out). */
  fetch: (ids: readonly number[]) => Promise<T[]>;
}

/** The ids a select's value holds (one, several or none). */
export function chosenIds(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

const NO_LOOKUP = ['remote-select', 'no-lookup'] as const;

/** The first options in order, each value once. */
export function mergeOptions(...lists: (readonly PickerOption[])[]): PickerOption[] {
  const seen = new Set<number>();
  return lists.flat().filter((o) => !seen.has(o.value) && (seen.add(o.value), true));
}

export function RemoteSelect<T, V = number | number[]>({
  queryKey,
  fetchPage,
  toOption,
  known = [],
  searchingText,
  emptyText,
  enabled = true,
  lookup,
  ...props
}: RemoteSelectProps<T, V>) {
  const { setTyped, q } = useDebouncedSearch();
  const page = useQuery({
    queryKey: queryKey(q),
    queryFn: () => fetchPage(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
  // The first page (the same query as the page before any search): what a chosen value beyond it is told by.
  const first = useQuery({
    queryKey: queryKey(''),
    queryFn: () => fetchPage(''),
    staleTime: 60_000,
    enabled: enabled && lookup !== undefined,
  });
  const value: unknown = props.value;
  const missing = useMemo(() => {
    if (!first.data) return [];
    const labelled = new Set([
      ...first.data.items.map((i) => toOption(i).value),
      ...known.map((o) => o.value),
    ]);
    return [...new Set(chosenIds(value))].filter((id) => !labelled.has(id)).sort((a, b) => a - b);
  }, [first.data, known, toOption, value]);
  const named = useQuery({
    queryKey: lookup && missing.length > 0 ? lookup.queryKey(missing) : NO_LOOKUP,
    queryFn: () => (lookup ? lookup.fetch(missing) : Promise.resolve([])),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: enabled && lookup !== undefined && missing.length > 0,
  });
  const options = useMemo(
    () => mergeOptions((page.data?.items ?? []).map(toOption), known, (named.data ?? []).map(toOption)),
    [page.data, known, named.data, toOption],
  );
  return (
    <Select<V>
      allowClear
      notFoundContent={page.isFetching && searchingText ? searchingText : emptyText}
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={page.isFetching}
      options={options}
    />
  );
}
