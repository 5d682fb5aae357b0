import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PAGE_SIZE_OPTIONS } from './constants';
import {
  keyedParam,
  keyedSegment,
  lastPage,
  param,
  readListParams,
  useClampPage,
  useListParams,
  writeListParams,
  type ListParams,
  type ParamSpec,
} from './route-params';
import { setSearchReader } from './navigation';

describe('legacy key=value segments', () => {
  it('reads designConfigure/id=123 and middlewaresDevice/id=1/module=a%20b', () => {
    expect(keyedParam('id=123', 'id')).toBe('123');
    expect(keyedParam('module=a%20b', 'module')).toBe('a b');
    expect(keyedParam('123', 'id')).toBe('123');
    expect(keyedParam('other=1', 'id')).toBeUndefined();
    expect(keyedParam(undefined, 'id')).toBeUndefined();
  });

  it('builds them', () => {
    expect(keyedSegment('id', 12)).toBe('id=12');
  });
});

interface Filters {
  q?: string;
  group_id?: number;
  state?: 1 | 2;
  vpn?: boolean;
  sort?: 'name' | 'created_at';
}

const spec: ParamSpec<Filters> = {
  q: param.text,
  group_id: param.id,
  state: param.oneOf([1, 2] as const),
  vpn: param.bool,
  sort: param.oneOf(['name', 'created_at'] as const),
};

const read = (query: string, defaults: Partial<Filters> = {}) =>
  readListParams(new URLSearchParams(query), spec, defaults);

describe('list params in the URL', () => {
  it('reads filters, page and page size', () => {
    expect(read('q=%20pump%20&group_id=3&state=2&vpn=false&sort=name&page=4&page_size=50')).toEqual({
      q: 'pump',
      group_id: 3,
      state: 2,
      vpn: false,
      sort: 'name',
      page: 4,
      page_size: 50,
    });
  });

  it('falls back to the defaults for anything malformed', () => {
    expect(
      read('q=%20&group_id=-1&state=3&vpn=yes&sort=drop&page=0&page_size=7', { sort: 'created_at' }),
    ).toEqual({ sort: 'created_at', page: 1, page_size: 20 });
    expect(read('group_id=1.5&page=2.5&page_size=1000')).toEqual({ page: 1, page_size: 20 });
    expect(read('group_id=abc&page=-3&page_size=')).toEqual({ page: 1, page_size: 20 });
    expect(read(`q=${'x'.repeat(201)}`)).toEqual({ page: 1, page_size: 20 });
    expect(read('page=99999999999999999999')).toEqual({ page: 1, page_size: 20 });
  });

  it('only accepts the page sizes the lists offer', () => {
    for (const size of PAGE_SIZE_OPTIONS) expect(read(`page_size=${size}`).page_size).toBe(size);
    expect(read('page_size=30').page_size).toBe(20);
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const out = writeListParams(
      new URLSearchParams('tab=history&q=old&page=3'),
      { q: 'pump', group_id: undefined, vpn: true, sort: 'created_at', page: 1, page_size: 50 },
      spec,
      { sort: 'created_at' },
    );
    expect(out.toString()).toBe('tab=history&q=pump&vpn=true&page_size=50');
  });

  it('reads back what it writes', () => {
    const params = { q: '泵站 A', group_id: 7, state: 1 as const, page: 2, page_size: 100 };
    expect(readListParams(writeListParams(new URLSearchParams(), params, spec), spec)).toEqual(params);
  });

  it('counts the last page of a total', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(40, 20)).toBe(2);
    expect(lastPage(41, 20)).toBe(3);
  });
});

describe('useListParams', () => {
  function setup(initial: string, total?: number) {
    let location = '';
    function Probe() {
      const loc = useLocation();
      location = `${loc.pathname}${loc.search}`;
      return null;
    }
    const hook = renderHook(
      () => {
        const list = useListParams(spec, { defaults: { sort: 'created_at' } });
        useClampPage(list, total);
        return list;
      },
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={[initial]}>
            {children}
            <Probe />
          </MemoryRouter>
        ),
      },
    );
    return { hook, location: () => location };
  }

  it('filters back to page 1 and keeps the rest of the query', () => {
    const { hook, location } = setup('/list?tab=a&page=3&q=x');
    expect(hook.result.current.params).toMatchObject({ q: 'x', page: 3, sort: 'created_at' });
    act(() => {
      hook.result.current.filter({ group_id: 2 });
    });
    expect(location()).toBe('/list?tab=a&q=x&group_id=2');
    act(() => {
      hook.result.current.setPage(2, 50);
    });
    expect(hook.result.current.params).toMatchObject({ group_id: 2, page: 2, page_size: 50 });
    act(() => {
      hook.result.current.reset();
    });
    expect(location()).toBe('/list?tab=a');
  });

  it('turns a page beyond the last to the last once the total is known', () => {
    const { hook, location } = setup('/list?page=9', 45);
    expect(location()).toBe('/list?page=3');
    expect(hook.result.current.params.page).toBe(3);
  });

  it('builds on the URL, not on the last render: a page turned before the search was drawn keeps the search', async () => {
    const seen: { list: ListParams<Filters> | null } = { list: null };
    function List() {
      seen.list = useListParams(spec, { defaults: { sort: 'created_at' } });
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', Component: List }], { initialEntries: ['/list'] });
    setSearchReader(() => router.state.location.search);
    try {
      render(<RouterProvider router={router} />);
      await waitFor(() => expect(seen.list).not.toBeNull());
      const stale = seen.list;
      // Both calls from the same render, as when a click lands before React has drawn the search: inside act, the
      // router moves on while the page is not drawn again.
      await act(async () => {
        stale?.filter({ q: 'IOT' });
        await waitFor(() => expect(router.state.location.search).toBe('?q=IOT'));
        stale?.setPage(2);
      });
      await waitFor(() => expect(router.state.location.search).toBe('?q=IOT&page=2'));
    } finally {
      setSearchReader(null);
    }
  });
});
