// The 3D model card's settings: its device, then the screens' model3d element's own form over the card's settings
// (the state's data source among the device's, drives, the saved camera), without the element's flicker.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ModelViewProps } from '@/components/model3d/model-view';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { device, params } from '../../data/widget.fixtures';
import type { SettingsOf } from '../types';
import { cardElement, withElementPatch } from './card-element';
import Model3dCardSettingsForm from './model3d-settings';

vi.mock('@/components/model3d/model-view', () => ({
  ModelView: ({ onCameraChange }: ModelViewProps) => (
    <button type="button" onClick={() => onCameraChange?.({ position: [1, 2, 3], target: [0, 0, 0] })}>
      turn
    </button>
  ),
}));

type Settings = SettingsOf<'model3d'>;
const URL = '/api/yun/resourcesInfo/model/file/KEY/pump_skid.gltf';
const EMPTY: Settings = {
  device_id: null,
  model: { meshes: [], drives: [], spins: [] },
  bindings: {},
  states: null,
};

const live = (id: number) => ({
  device_id: id,
  sn_code: 'IOT0000007',
  dev_alias: '1号泵',
  dev_state: 1,
  report_time: null,
  template_id: 3,
  template_version: 1,
  can_write: false,
  password_required: false,
  items: [
    { id: 41, name: '运行', unit: null, rw: 'r', decimals: null, value: 1, ts: null, quality: 0 },
    { id: 42, name: '开度', unit: '%', rw: 'rw', decimals: 1, value: 50, ts: null, quality: 0 },
  ],
});

function renderForm(settings: Settings) {
  const onChange = vi.fn<(next: Settings) => void>();
  function Host() {
    const [held, setHeld] = useState(settings);
    return (
      <Suspense>
        <Model3dCardSettingsForm
          settings={held}
          dashboardId={1}
          onChange={(next) => {
            onChange(next);
            setHeld(next);
          }}
        />
      </Suspense>
    );
  }
  renderRoutes([{ path: '/', element: <Host /> }]);
  return onChange;
}

beforeEach(() => {
  signInAs(['P20000', 'P30000']);
});

describe('the 3D model card’s settings', () => {
  it('reads and writes the element’s parts of the card’s settings, the rest kept', () => {
    const held: Settings = { ...EMPTY, device_id: 7, bindings: { value: { data_source_id: 41 } } };
    const element = cardElement(held);
    expect(element.type).toBe('model3d');
    expect(element.bindings).toEqual({ value: { data_source_id: 41 } });
    expect(element.states).toBeNull();
    const states = {
      by: 'value' as const,
      items: [
        { max: 1, isUnderline: false },
        { min: 1, isUnderline: false },
      ],
    };
    expect(withElementPatch(held, { states, flicker: element.flicker })).toEqual({ ...held, states });
    expect(withElementPatch(held, { settings: { meshes: ['motor'] } }).model).toEqual({ meshes: ['motor'] });
  });

  it('chooses a device, whose data sources the bindings offer', async () => {
    const calls = mockApi({
      'GET /dev': () => ok({ items: [device(7, '1号泵'), device(8, '2号泵')], total: 2 }),
      'GET /dev/basic/7': () => ok(device(7, '1号泵')),
      'GET /rDev': (c) => ok(live(Number(params(c).device_id))),
    });
    const onChange = renderForm(EMPTY);
    // No flicker: nothing of a card flickers.
    expect(screen.queryByText('闪烁')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: '设备' }));
    await userEvent.click((await screen.findAllByTitle('1号泵 (IOT0000007)')).at(-1)!);
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY, device_id: 7 });
    await waitFor(() => expect(calls.some((c) => c.url === '/rDev')).toBe(true));
    await userEvent.click(screen.getByLabelText('状态数据源'));
    await userEvent.click(await screen.findByText('运行'));
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY,
      device_id: 7,
      bindings: { value: { data_source_id: 41 } },
    });
  });

  it('adds a drive bound to its own key, and saves the camera turned in the view', async () => {
    mockApi({
      'GET /dev/basic/7': () => ok(device(7, '1号泵')),
      'GET /rDev': (c) => ok(live(Number(params(c).device_id))),
    });
    const held: Settings = { ...EMPTY, device_id: 7, model: { ...EMPTY.model, model_id: 5, model_url: URL } };
    const onChange = renderForm(held);
    expect(screen.getByTestId('model3d-chosen')).toHaveTextContent('pump_skid.gltf');
    await userEvent.click(screen.getByRole('button', { name: /添加驱动/ }));
    const drives = onChange.mock.lastCall?.[0].model?.drives;
    expect(drives).toHaveLength(1);
    expect(drives?.[0]?.key).toBe('drive_1');
    const save = screen.getByRole('button', { name: '保存当前视角' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'turn' }));
    await userEvent.click(save);
    expect(onChange.mock.lastCall?.[0].model?.camera).toEqual({ position: [1, 2, 3], target: [0, 0, 0] });
    expect(onChange.mock.lastCall?.[0].device_id).toBe(7);
  });
});
