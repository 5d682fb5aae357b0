// A dashboard link's edit form names its starting device whether or not the picker's first page holds it.
import { screen, within } from '@testing-library/react';
import type { RequestConfig } from '@/lib/http';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ShareLinkOut } from '@/lib/share-links/api';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { ShareLinkModal } from './share-link-modal';

const dashboardLink = (deviceId: number): ShareLinkOut => ({
  id: 31,
  link_type: 2,
  permission: 1,
  dashboard: { id: 11, name: '全厂总览', available: true },
  device_id: deviceId,
  group_id: null,
  devices: [],
  expire_at: null,
  access_limit: null,
  use_count: 0,
  note: '大厅屏',
  use_state: 1,
  state: 'active',
  token: null,
  created_at: 0,
});

/** The first page of the device picker: devices 1 and 2 of many. */
const FIRST_PAGE = [
  { id: 1, sn_code: 'IOT0000001', alias: '1号空压机' },
  { id: 2, sn_code: 'IOT0000002', alias: '2号空压机' },
];

function renderModal(link: ShareLinkOut) {
  const calls = mockApi({
    'GET /dev': () => ok({ items: FIRST_PAGE, total: 420, page: 1, page_size: 200 }),
    'GET /dev/basic/321': () => ok({ id: 321, sn_code: 'IOT0000321', alias: '321号冷干机', dev_state: 1 }),
    'GET /yun/dev/group': () => ok([]),
  });
  renderRoutes([{ path: '/', element: <ShareLinkModal open link={link} onClose={() => undefined} /> }]);
  return calls;
}

const basics = (calls: RequestConfig[]) => calls.filter((c) => c.url.startsWith('/dev/basic/'));

beforeEach(() => {
  signInAs(['P10000', 'P82000']);
});

describe('ShareLinkModal: a dashboard link’s starting device', () => {
  it('names a device beyond the first 200 options by asking for it', async () => {
    const calls = renderModal(dashboardLink(321));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('321号冷干机 (IOT0000321)')).toBeInTheDocument();
    expect(basics(calls).map((c) => c.url)).toEqual(['/dev/basic/321']);
  });

  it('asks for nothing more when the first options hold it', async () => {
    const calls = renderModal(dashboardLink(2));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2号空压机 (IOT0000002)')).toBeInTheDocument();
    expect(basics(calls)).toEqual([]);
  });
});
