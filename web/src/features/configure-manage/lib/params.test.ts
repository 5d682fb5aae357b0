import { describe, expect, it } from 'vitest';

import {
  SORT_OPTIONS,
  fromSearch,
  isFiltered,
  parseSort,
  sortValue,
  toQueryParams,
  toSearch,
} from './params';

describe('template list params', () => {
  it('reads the defaults from an empty URL', () => {
    expect(fromSearch(new URLSearchParams())).toEqual({ page: 1, page_size: 20 });
  });

  it('reads every filter and drops unknown values', () => {
    const params = fromSearch(
      new URLSearchParams(
        'q=%20pump%20&type=nonstandard&published=false&relation=received&sort=name&order=asc&page=3',
      ),
    );
    expect(params).toEqual({
      q: 'pump',
      type: 'nonstandard',
      published: false,
      relation: 'received',
      sort: 'name',
      order: 'asc',
      page: 3,
      page_size: 20,
    });
    expect(
      fromSearch(new URLSearchParams('type=x&published=yes&relation=x&sort=x&page=-1&page_size=999')),
    ).toEqual({ page: 1, page_size: 20 });
  });

  it('round-trips through the URL and leaves defaults out', () => {
    const params = { q: 'a', type: 'standard' as const, published: true, page: 2, page_size: 50 };
    expect(fromSearch(toSearch(params))).toEqual(params);
    expect(toSearch({ page: 1, page_size: 20, relation: 'own' }).toString()).toBe('');
  });

  it('builds the query with the server defaults spelled out', () => {
    expect(toQueryParams({ page: 1, page_size: 20, q: '  ' })).toEqual({
      page: 1,
      page_size: 20,
      relation: 'own',
      sort: 'updated_at',
      order: 'desc',
    });
    expect(
      toQueryParams({ page: 2, page_size: 10, published: false, type: 'standard', relation: 'all' }),
    ).toMatchObject({
      published: false,
      type: 'standard',
      relation: 'all',
    });
  });

  it('maps the sort select', () => {
    expect(sortValue({})).toBe('updated_at:desc');
    expect(sortValue({ sort: 'name', order: 'asc' })).toBe('name:asc');
    expect(parseSort('name:asc')).toEqual({ sort: 'name', order: 'asc' });
    expect(parseSort('created_at:desc')).toEqual({ sort: 'created_at', order: 'desc' });
    expect(parseSort('updated_at:desc')).toEqual({ sort: undefined, order: undefined });
    expect(parseSort('owner:asc')).toEqual({ sort: undefined, order: undefined });
    for (const option of SORT_OPTIONS) expect(sortValue(parseSort(option))).toBe(option);
  });

  it('tells a filtered list', () => {
    expect(isFiltered({ relation: 'received' })).toBe(false);
    expect(isFiltered({ q: 'x' })).toBe(true);
    expect(isFiltered({ published: false })).toBe(true);
  });
});
