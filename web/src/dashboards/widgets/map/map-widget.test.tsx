import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeviceMapProps } from '@/components/map/device-map';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { alarm, cardOf, group, linkage, params, renderWidget } from '../../data/widget.fixtures';
import definition, { mapWidget as named } from './index';
import MapWidget from './map-widget';

// Leaflet does not draw in jsdom: the map shows its markers as buttons, their state and alarm in data attributes.
vi.mock('@/components/map/device-map', () => ({
  DeviceMap: ({ markers, onSelect, selectedId, theme }: DeviceMapProps) => (
    <div data-testid="device-map" data-theme={theme}>
      {markers.map((m) => (
        <button
          key={m.id}
          type="button"
          data-state={m.dev_state ?? 'none'}
          data-alarm={m.alarm ? 'yes' : 'no'}
          aria-pressed={selectedId === m.id}
          onClick={() => onSelect?.(m.id)}
        >
          {m.label}
        </button>
      ))}
    </div>
  ),
}));

const item = (id: number, alias: string, devState = 1) => ({
  id,
  sn_code: `IOT${String(id)}`,
  alias,
  dev_state: devState,
  registered: true,
  latitude: 31.2,
  longitude: 121.4 + id / 100,
  address: '',
  located_at: null,
});

const MAP = {
  tiles: { url: null, attribution: '', subdomains: 'abc', max_zoom: 18 },
  theme: 'normal',
};

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /dev/map': (c) =>
      ok({
        ...MAP,
        items: params(c).group_id === 5 ? [item(21, '5组泵')] : [item(11, '1号泵'), item(12, '2号泵', 2)],
      }),
    'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(3, '一车间'), group(5, '五车间')]),
    'GET /rAlarmDev': () =>
      ok({ items: [alarm({ id: 1, device_id: 12 })], total: 1, page: 1, page_size: 200 }),
    ...over,
  };
}

beforeEach(() => {
  signInAs(['P20000', 'P10000', 'P30000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the map widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.type).toBe('map');
    expect(definition.links).toEqual(['group']);
    expect(definition.defaultSize).toEqual({ w: 8, h: 8 });
    expect(definition.i18nKey).toBe('dashboards.widgets.map.name');
  });

  it('asks and subscribes nothing while out of sight, and starts once visible', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(MapWidget, { card: cardOf('map', {}), settings: {}, visible: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(FakeSocket.all).toEqual([]);
    view.update({ visible: true });
    expect(await screen.findByRole('button', { name: '1号泵' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/dev/map', '/rAlarmDev']));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('shows its own group, or the group picked in the group tree when it follows it', async () => {
    const calls = mockApi(handlers());
    renderWidget(MapWidget, {
      card: cardOf('map', { group_id: 3 }),
      settings: { group_id: 3 },
      linkage: linkage({ groupId: 5 }),
    });
    await screen.findByRole('button', { name: '1号泵' });
    expect(calls.filter((c) => c.url === '/dev/map').map(params)).toEqual([{ group_id: 3 }]);
    cleanup();

    renderWidget(MapWidget, {
      card: cardOf('map', { group_id: 3 }, 'group'),
      settings: { group_id: 3 },
      linkage: linkage({ groupId: 5 }),
    });
    expect(await screen.findByRole('button', { name: '5组泵' })).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url === '/dev/map')
        .map(params)
        .at(-1),
    ).toEqual({ group_id: 5 });
  });

  it('follows the picked group as it changes, and its own setting before one is picked', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(MapWidget, {
      card: cardOf('map', {}, 'group'),
      settings: {},
    });
    await screen.findByRole('button', { name: '1号泵' });
    expect(calls.filter((c) => c.url === '/dev/map').map(params)).toEqual([{}]);
    view.update({ linkage: linkage({ groupId: 5 }) });
    expect(await screen.findByRole('button', { name: '5组泵' })).toBeInTheDocument();
  });

  it('says so on the card when its group is gone, or another tenant’s', async () => {
    mockApi(handlers());
    renderWidget(MapWidget, { card: cardOf('map', { group_id: 99 }), settings: { group_id: 99 } });
    expect(await screen.findByText('设备分组不存在或无权查看')).toBeInTheDocument();
    expect(screen.queryByTestId('device-map')).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    let failing = true;
    mockApi(
      handlers({
        'GET /dev/map': () =>
          failing ? fail('100003', '服务异常') : ok({ ...MAP, items: [item(11, '1号泵')] }),
      }),
    );
    renderWidget(MapWidget, { card: cardOf('map', {}), settings: {} });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '1号泵' })).toBeInTheDocument();
  });

  it('says when no device has a position', async () => {
    mockApi(handlers({ 'GET /dev/map': () => ok({ ...MAP, items: [] }) }));
    renderWidget(MapWidget, { card: cardOf('map', {}), settings: {} });
    expect(await screen.findByText('没有带位置的设备')).toBeInTheDocument();
  });

  it('marks alarmed devices, takes live states, and draws dark on a dark theme', async () => {
    mockApi(handlers());
    renderWidget(MapWidget, { card: cardOf('map', {}), settings: {} });
    const pump2 = await screen.findByRole('button', { name: '2号泵' });
    await waitFor(() => expect(pump2).toHaveAttribute('data-alarm', 'yes'));
    expect(screen.getByRole('button', { name: '1号泵' })).toHaveAttribute('data-alarm', 'no');
    expect(screen.getByTestId('device-map')).toHaveAttribute('data-theme', 'midnight');
    expect(screen.getByText('告警 1')).toBeInTheDocument();
    const socket = FakeSocket.last!;
    act(() => socket.open());
    // State only: the data source id 0, which no data source has.
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'sub', devices: [11], sources: [0] }));
    act(() => socket.receive({ type: 'snapshot', device_id: 11, dev_state: 2, values: [] }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '1号泵' })).toHaveAttribute('data-state', '2'),
    );
    expect(screen.getByText('离线 2')).toBeInTheDocument();
  });

  it('picks the clicked device for the linked cards in a presentation, not in the editor', async () => {
    mockApi(handlers());
    const picked = linkage({ deviceId: 12 });
    renderWidget(MapWidget, { card: cardOf('map', {}), settings: {}, linkage: picked });
    expect(await screen.findByRole('button', { name: '2号泵' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '1号泵' }));
    expect(picked.setDevice).toHaveBeenCalledWith(11);
    cleanup();

    const editing = linkage();
    renderWidget(MapWidget, { card: cardOf('map', {}), settings: {}, linkage: editing, mode: 'edit' });
    await userEvent.click(await screen.findByRole('button', { name: '1号泵' }));
    expect(editing.setDevice).not.toHaveBeenCalled();
  });
});
