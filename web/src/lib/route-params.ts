// Parameters in the URL: legacy path segments of the form `id=123` (designConfigure/id=123,
// middlewaresDevice/id=1/module=2), and a list's filters and paging in the query string.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { PAGE_SIZE_DEFAULT } from '@/types/limits.gen';
import { PAGE_SIZE_OPTIONS } from './constants';
import { latestSearch } from './navigation';

/** '123' from `id=123` (or from a bare `123`); undefined when absent or for another key. */
export function keyedParam(segment: string | undefined, key: string): string | undefined {
  if (segment === undefined || segment === '') return undefined;
  const eq = segment.indexOf('=');
  if (eq === -1) return decodeURIComponent(segment);
  return segment.slice(0, eq) === key ? decodeURIComponent(segment.slice(eq + 1)) : undefined;
}

/** Builds the segment `key=value`. */
export function keyedSegment(key: string, value: string | number): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}

// ---------------------------------------------------------------------------------------------------------------
// A list's filters, page and page size in the URL's query string (`?q=pump&page=2&page_size=50`), so a reload, "back"
// and a shared link show the same list. What the URL says is checked: an unknown or malformed value falls back to the
// default, as if absent.

/** Reads one query parameter (undefined when malformed) and writes it back. */
export interface ParamCodec<T> {
  parse: (raw: string) => T | undefined;
  format: (value: T) => string;
}

/** Longest search text taken from a URL (a search box's text is short; this only bounds a hand-made link). */
const TEXT_MAX = 200;

const text: ParamCodec<string> = {
  parse: (raw) => {
    const value = raw.trim();
    return value === '' || value.length > TEXT_MAX ? undefined : value;
  },
  format: (value) => value.trim(),
};

const id: ParamCodec<number> = {
  parse: (raw) => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && Number.isSafeInteger(value) && value > 0 ? value : undefined;
  },
  format: String,
};

/** A point in time as epoch milliseconds (a range's start or end). */
const time: ParamCodec<number> = {
  parse: (raw) => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && Number.isSafeInteger(value) ? value : undefined;
  },
  format: String,
};

const bool: ParamCodec<boolean> = {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  format: String,
};

function oneOf<T extends string | number>(values: readonly T[]): ParamCodec<T> {
  return {
    parse: (raw) => values.find((value) => String(value) === raw),
    format: String,
  };
}

export const param = { text, id, time, bool, oneOf };

/** How each filter of `F` is read from and written to the URL. */
export type ParamSpec<F> = { [K in keyof F]-?: ParamCodec<NonNullable<F[K]>> };

/** Filters with any of them possibly unset (`undefined` clears one). */
export type FilterPatch<F> = { [K in keyof F]?: F[K] | undefined };

export interface Paging {
  page: number;
  page_size: number;
}

const PAGE_KEY = 'page';
const SIZE_KEY = 'page_size';

/** The list's state in `search`: filters by `spec` (else `defaults`), page ≥ 1, a page size the lists offer. */
export function readListParams<F extends object>(
  search: URLSearchParams,
  spec: ParamSpec<F>,
  defaults: Partial<F> = {},
  pageSize: number = PAGE_SIZE_DEFAULT,
): F & Paging {
  const out: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(spec) as (keyof F & string)[]) {
    const raw = search.get(key);
    const value = raw === null ? undefined : spec[key].parse(raw);
    if (value !== undefined) out[key] = value;
  }
  const page = search.get(PAGE_KEY) ?? '';
  out.page = /^\d+$/.test(page) && Number(page) >= 1 && Number.isSafeInteger(Number(page)) ? Number(page) : 1;
  const size = Number(search.get(SIZE_KEY));
  out.page_size = PAGE_SIZE_OPTIONS.includes(size) ? size : pageSize;
  return out as F & Paging;
}

/**
 * `search` with the list's state written over it: values equal to their default (page 1, the default size and
 * filters) are left out, so a plain visit keeps a clean URL; other parameters (a page's `tab`) are kept.
 */
export function writeListParams<F extends object>(
  search: URLSearchParams,
  params: FilterPatch<F> & Paging,
  spec: ParamSpec<F>,
  defaults: Partial<F> = {},
  pageSize: number = PAGE_SIZE_DEFAULT,
): URLSearchParams {
  const out = new URLSearchParams(search);
  const values = params as Record<string, unknown>;
  const fallback = defaults as Record<string, unknown>;
  for (const key of Object.keys(spec) as (keyof F & string)[]) {
    const value = values[key];
    const codec = spec[key] as ParamCodec<unknown>;
    if (value === undefined || value === null || value === fallback[key]) out.delete(key);
    else {
      const formatted = codec.format(value);
      if (formatted === '' || codec.parse(formatted) === undefined) out.delete(key);
      else out.set(key, formatted);
    }
  }
  if (params.page > 1) out.set(PAGE_KEY, String(params.page));
  else out.delete(PAGE_KEY);
  if (params.page_size !== pageSize) out.set(SIZE_KEY, String(params.page_size));
  else out.delete(SIZE_KEY);
  return out;
}

/** The last page of `total` rows (1 for none). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface ListParams<F> {
  params: F & Paging;
  /** Sets filters and goes back to page 1. */
  filter: (patch: FilterPatch<F>) => void;
  /** Turns the page (antd's pagination: a new size keeps the page antd gives). */
  setPage: (page: number, pageSize?: number) => void;
  /** Sets filters and paging at once (a table's sorter and pagination together). */
  update: (patch: FilterPatch<F> & Partial<Paging>) => void;
  /** Clears the filters and paging (another tab of the page). */
  reset: () => void;
}

/**
 * A list's filters and paging kept in the URL (replacing the history entry, so "back" leaves the list rather than
 * stepping through its filters).
 */
export function useListParams<F extends object>(
  spec: ParamSpec<F>,
  options: { defaults?: Partial<F>; pageSize?: number } = {},
): ListParams<F> {
  const [search, setSearch] = useSearchParams();
  const { defaults = {}, pageSize = PAGE_SIZE_DEFAULT } = options;
  const params = readListParams(search, spec, defaults, pageSize);

  const write = (patch: FilterPatch<F> & Partial<Paging>) => {
    setSearch(
      (rendered) => {
        // react-router hands this the search of the last render, not of the URL: a click landing before the render
        // of the previous change (a search, then at once the next page) would write over that change.
        const latest = latestSearch();
        const current = latest === null ? rendered : new URLSearchParams(latest);
        const base = readListParams(current, spec, defaults, pageSize);
        return writeListParams(current, { ...base, ...patch }, spec, defaults, pageSize);
      },
      { replace: true },
    );
  };

  return {
    params,
    filter: (patch) => {
      write({ ...patch, page: 1 });
    },
    setPage: (page, size) => {
      write({ page, ...(size === undefined ? {} : { page_size: size }) } as FilterPatch<F> & Partial<Paging>);
    },
    update: write,
    reset: () => {
      const cleared: Record<string, undefined> = {};
      for (const key of Object.keys(spec)) cleared[key] = undefined;
      write({ ...(cleared as FilterPatch<F>), page: 1, page_size: pageSize });
    },
  };
}

/** Turns a page beyond the last (a shared link, rows deleted since) to the last once the total is known. */
export function useClampPage(
  list: Pick<ListParams<object>, 'params' | 'setPage'>,
  total: number | undefined,
): void {
  const last = total === undefined ? undefined : lastPage(total, list.params.page_size);
  const beyond = last !== undefined && list.params.page > last;
  const { setPage } = list;
  useEffect(() => {
    if (beyond) setPage(last);
    // setPage is recreated each render; the clamp depends only on these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [beyond, last]);
}

/**
 * A search box's text: it starts from the URL's value and follows it when the URL changes (back, a link, a reset),
 * while typing stays local until the search is run.
 */
export function useSyncedText(value: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return [text, setText];
}
