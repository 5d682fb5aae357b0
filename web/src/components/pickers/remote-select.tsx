// A select searched on the server: the typed text settles (debounced) into a query, the first page of matches
// becomes the options, options already chosen stay labelled, and the list says when it is searching or empty.
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
};

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
  const options = useMemo(
    () => mergeOptions((page.data?.items ?? []).map(toOption), known),
    [page.data, known, toOption],
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
