import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Sector } from '@/lib/dashboards/types';
import { bodyOf, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import BusinessPage from './business';

const sector = (over: Partial<Sector> & { id: number; name: string }): Sector => ({
  description: '',
  image: '',
  interval: 0,
  position: over.id,
  dashboards: [],
  ...over,
});

const PRODUCTION = sector({
  id: 1,
  name: '生产',
  description: '各车间的产量与设备状态',
  dashboards: [
    { id: 21, name: '车间总览', width: 1920, height: 1080, theme: 'tech', available: true },
    { id: 22, name: '', width: 0, height: 0, theme: '', available: false },
  ],
});
const ENERGY = sector({ id: 2, name: '能源' });

beforeEach(() => {
  // Every signed-in user opens the portal: no permission of its own.
  signInAs(['P10000']);
});

function LinkToken() {
  const [search] = useSearchParams();
  return <p>token {search.get('token')}</p>;
}

describe('BusinessPage (the portal)', () => {
  it('forwards a sector link’s holder to the link’s presentation, asking nothing itself', async () => {
    const calls = mockApi({});
    renderRoutes(
      [
        { path: '/business', Component: BusinessPage },
        { path: '/detail', Component: LinkToken },
      ],
      { initialEntries: ['/business?token=a%2Bb'] },
    );
    expect(await screen.findByText('token a+b')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the sectors as tiles opening their presentation', async () => {
    mockApi({ 'GET /yun/sector': () => ok([PRODUCTION, ENERGY]) });
    renderRoutes([{ path: '/business', Component: BusinessPage }], { initialEntries: ['/business'] });
    const tiles = await screen.findByRole('list', { name: '业务板块' });
    const links = within(tiles).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['进入“生产”', '进入“能源”']);
    expect(links[0]).toHaveAttribute('href', '/detail?id=1');
    expect(links[0]).toHaveTextContent('各车间的产量与设备状态');
    expect(links[0]).toHaveTextContent('1 个看板');
    expect(links[1]).toHaveTextContent('0 个看板');
  });

  it('offers no share without the share-link right', async () => {
    mockApi({ 'GET /yun/sector': () => ok([PRODUCTION, ENERGY]) });
    renderRoutes([{ path: '/business', Component: BusinessPage }], { initialEntries: ['/business'] });
    await screen.findByRole('list', { name: '业务板块' });
    expect(screen.queryByRole('button', { name: /分享/ })).toBeNull();
  });

  it('shares a tile’s sector as a sector link with P82000, its address shown once at /detail', async () => {
    signInAs(['P10000', 'P82000']);
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /yun/sector': () => ok([PRODUCTION, ENERGY]),
      'GET /dev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
      'GET /yun/dev/group': () => ok([]),
      'POST /yun/components/share': () =>
        ok({
          id: 41,
          link_type: 3,
          permission: 1,
          sector: { id: 2, name: '能源', available: true },
          dashboard: null,
          device_id: null,
          group_id: null,
          devices: [],
          expire_at: null,
          access_limit: 100,
          use_count: 0,
          note: '',
          use_state: 1,
          state: 'active',
          token: 'tok-portal',
          created_at: 0,
        }),
    });
    renderRoutes([{ path: '/business', Component: BusinessPage }], { initialEntries: ['/business'] });
    await user.click(await screen.findByRole('button', { name: '分享“能源”' }));
    const dialog = (await screen.findByText('分享业务板块')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByTestId('share-link-sector')).toHaveTextContent('能源');
    await user.type(within(dialog).getByRole('spinbutton'), '100');
    await user.click(within(dialog).getByRole('button', { name: '创建链接' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'post' && c.url === '/yun/components/share')).toHaveLength(1),
    );
    expect(bodyOf(calls.find((c) => c.url === '/yun/components/share')!)).toEqual({
      link_type: 3,
      permission: 1,
      sector_id: 2,
      expire_at: null,
      access_limit: 100,
      note: '',
    });
    const shown = (
      await screen.findByText('分享链接已创建', { selector: '.ant-modal-title' })
    ).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByRole('textbox', { name: '链接地址' })).toHaveValue(
      `${window.location.origin}/iotyun/detail?token=tok-portal`,
    );
    // The tile still opens the presentation: the button is beside its link, not inside it.
    expect(within(screen.getByRole('link', { name: '进入“能源”' })).queryByRole('button')).toBeNull();
  });

  it('says when the tenant has no sector', async () => {
    mockApi({ 'GET /yun/sector': () => ok([]) });
    renderRoutes([{ path: '/business', Component: BusinessPage }], { initialEntries: ['/business'] });
    expect(await screen.findByText('还没有业务板块')).toBeInTheDocument();
  });
});
