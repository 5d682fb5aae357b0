import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { DataSourcePicker } from './data-source-picker';
import { DeviceGroupPicker } from './device-group-picker';
import { DevicePicker, deviceLabel } from './device-picker';
import { chosenIds, mergeOptions } from './remote-select';

const device = (id: number, sn: string, alias: string | null) => ({ id, sn_code: sn, alias });

function show(element: React.ReactNode) {
  renderRoutes([{ path: '/', element }]);
}

describe('mergeOptions', () => {
  it('keeps each value once, the first label winning', () => {
    expect(
      mergeOptions(
        [{ value: 1, label: 'a' }],
        [
          { value: 1, label: 'b' },
          { value: 2, label: 'c' },
        ],
      ),
    ).toEqual([
      { value: 1, label: 'a' },
      { value: 2, label: 'c' },
    ]);
  });
});

describe('chosenIds', () => {
  it('reads the ids of a single or multiple value', () => {
    expect(chosenIds(4)).toEqual([4]);
    expect(chosenIds([4, 9])).toEqual([4, 9]);
    expect(chosenIds(null)).toEqual([]);
    expect(chosenIds(undefined)).toEqual([]);
  });
});

describe('DevicePicker', () => {
  it('labels a device by alias and SN', () => {
    expect(deviceLabel(device(1, 'IOT1', '泵'))).toBe('泵 (IOT1)');
    expect(deviceLabel(device(1, 'IOT1', null))).toBe('IOT1');
  });

  it('asks the server for registered devices matching the typed text', async () => {
    const calls = mockApi({
      'GET /dev': (c) =>
        ok({ items: c.params.q ? [device(2, 'IOT2', '风机')] : [device(1, 'IOT1', null)], total: 1 }),
    });
    show(<DevicePicker<number> aria-label="device" known={[device(9, 'IOT9', '旧')]} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'device' }));
    expect(await screen.findByText('IOT1')).toBeInTheDocument();
    expect(screen.getByText('旧 (IOT9)')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'device' }), 'IOT2');
    expect(await screen.findByText('风机 (IOT2)')).toBeInTheDocument();
    const last = calls.filter((c) => c.url === '/dev').at(-1);
    expect(last?.params).toMatchObject({ registered: true, q: 'IOT2', page: 1 });
  });

  it('names chosen devices the first page lacks by their ids only when asked to, once each', async () => {
    const calls = mockApi({
      'GET /dev': () => ok({ items: [device(1, 'IOT1', '泵')], total: 300 }),
      'GET /dev/basic/250': () => ok(device(250, 'IOT250', '风机')),
      'GET /dev/basic/260': () => ok(device(260, 'IOT260', null)),
    });
    show(
      <>
        <DevicePicker<number[]> mode="multiple" aria-label="named" nameChosen value={[1, 250, 260]} />
        <DevicePicker<number> aria-label="bare" value={250} />
      </>,
    );
    expect(await screen.findByText('风机 (IOT250)')).toBeInTheDocument();
    expect(screen.getByText('IOT260')).toBeInTheDocument();
    expect(screen.getByText('泵 (IOT1)')).toBeInTheDocument();
    const asked = calls.filter((c) => c.url.startsWith('/dev/basic/')).map((c) => c.url);
    expect(asked.sort()).toEqual(['/dev/basic/250', '/dev/basic/260']);
  });

  it('says so when no device matches', async () => {
    mockApi({ 'GET /dev': () => ok({ items: [], total: 0 }) });
    show(<DevicePicker<number> aria-label="device" />);
    await userEvent.click(screen.getByRole('combobox', { name: 'device' }));
    expect(await screen.findByText('没有可选的已注册设备')).toBeInTheDocument();
  });
});

describe('DeviceGroupPicker', () => {
  it('translates the default group and keeps a renamed one', async () => {
    mockApi({
      'GET /yun/dev/group': () =>
        ok([
          { id: 1, name: '默认分组', is_default: true },
          { id: 2, name: '车间', is_default: false },
        ]),
    });
    show(<DeviceGroupPicker aria-label="group" open />);
    await waitFor(() => expect(screen.getAllByText('车间').length).toBeGreaterThan(0));
    expect(screen.getAllByText('默认分组').length).toBeGreaterThan(0);
  });
});

describe('DataSourcePicker', () => {
  it('labels a source with its unit and filters by name', async () => {
    show(
      <DataSourcePicker<number[]>
        aria-label="sources"
        mode="multiple"
        sources={[
          { id: 1, name: '压力', unit: 'MPa' },
          { id: 2, name: '温度', unit: null },
        ]}
      />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'sources' }), '压');
    expect(await screen.findByText('压力 (MPa)')).toBeInTheDocument();
    expect(screen.queryByText('温度')).not.toBeInTheDocument();
  });
});
