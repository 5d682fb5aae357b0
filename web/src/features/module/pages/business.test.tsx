import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Sector } from '@/lib/dashboards/types';
import { mockApi, ok } from '@/test/mock-api';
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

describe('BusinessPage (the portal)', () => {
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

  it('says when the tenant has no sector', async () => {
    mockApi({ 'GET /yun/sector': () => ok([]) });
    renderRoutes([{ path: '/business', Component: BusinessPage }], { initialEntries: ['/business'] });
    expect(await screen.findByText('还没有业务板块')).toBeInTheDocument();
  });
});
