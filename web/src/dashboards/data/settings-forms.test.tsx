// The data widgets' settings forms: each edits its card's settings through the console's pickers.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState, type ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import ConfigurationSettingsForm from '../widgets/configuration/configuration-settings';
import DeviceTreeSettingsForm from '../widgets/device-tree/device-tree-settings';
import FaultSettingsForm from '../widgets/fault/fault-settings';
import GroupTreeSettingsForm from '../widgets/group-tree/group-tree-settings';
import MapSettingsForm from '../widgets/map/map-settings';
import NetMonitorSettingsForm from '../widgets/net-monitor/net-monitor-settings';
import type { SettingsFormProps, SettingsOf, WidgetType } from '../widgets/types';
import { device, group, params } from './widget.fixtures';

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/dev/group': () => ok([group(1, '默认分组'), group(4, '二车间')]),
    'GET /dev': () => ok({ items: [device(7, '1号泵'), device(8, '2号泵')], total: 2 }),
    'GET /dev/basic/7': () => ok(device(7, '1号泵')),
    'GET /dev/basic/404': () => fail('110506', '设备不存在'),
    'GET /yun/v2/rDev/screens': (c) =>
      ok({
        device_id: params(c).device_id,
        template_id: 3,
        release: 1,
        screens: [
          {
            id: 30,
            name: '总览',
            kind: 'web',
            is_main: true,
            sort: 0,
            width: 1920,
            height: 1080,
            document: {},
          },
          {
            id: 31,
            name: '泵房',
            kind: 'web',
            is_main: false,
            sort: 1,
            width: 1920,
            height: 1080,
            document: {},
          },
        ],
      }),
    ...over,
  };
}

/** Renders a settings form that keeps what it is given, as the editor does; returns the spy of its changes. */
function renderForm<T extends WidgetType>(
  Form: ComponentType<SettingsFormProps<T>>,
  settings: SettingsOf<T>,
) {
  const onChange = vi.fn<(next: SettingsOf<T>) => void>();
  function Host() {
    const [held, setHeld] = useState<unknown>(settings);
    return (
      <Suspense>
        <Form
          settings={held as SettingsOf<T>}
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

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await userEvent.click(options.at(-1)!);
}

beforeEach(() => {
  signInAs(['P20000', 'P30000']);
});

describe('the data widgets’ settings forms', () => {
  it.each([
    ['map', MapSettingsForm],
    ['netMonitor', NetMonitorSettingsForm],
    ['deviceTree', DeviceTreeSettingsForm],
  ] as const)('%s: chooses a device group, and clears it', async (_, Form) => {
    mockApi(handlers());
    const onChange = renderForm(Form as ComponentType<SettingsFormProps<'map'>>, { group_id: null });
    await choose('设备分组', '二车间');
    expect(onChange).toHaveBeenLastCalledWith({ group_id: 4 });
    await userEvent.click(screen.getByLabelText('close-circle'));
    expect(onChange).toHaveBeenLastCalledWith({ group_id: null });
  });

  it('warns when the chosen group is gone', async () => {
    mockApi(handlers());
    renderForm(MapSettingsForm, { group_id: 99 });
    expect(await screen.findByText('设备分组不存在或无权查看')).toBeInTheDocument();
  });

  it('configuration: chooses a device, then one of its screens; another device starts from its main screen', async () => {
    const calls = mockApi(handlers());
    const onChange = renderForm(ConfigurationSettingsForm, { device_id: null, screen_id: null });
    expect(screen.getByRole('combobox', { name: '组态画面' })).toBeDisabled();
    await choose('设备', '1号泵 (IOT0000007)');
    expect(onChange).toHaveBeenLastCalledWith({ device_id: 7, screen_id: null });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '组态画面' })).toBeEnabled());
    await choose('组态画面', '泵房（Web）');
    expect(onChange).toHaveBeenLastCalledWith({ device_id: 7, screen_id: 31 });
    expect(calls.filter((c) => c.url === '/yun/v2/rDev/screens').map((c) => params(c).device_id)).toContain(
      7,
    );
    await choose('设备', '2号泵 (IOT0000008)');
    expect(onChange).toHaveBeenLastCalledWith({ device_id: 8, screen_id: null });
  });

  it('configuration: warns when the device held is gone', async () => {
    mockApi(handlers());
    renderForm(ConfigurationSettingsForm, { device_id: 404, screen_id: null });
    expect(await screen.findByText('设备不存在或无权查看')).toBeInTheDocument();
  });

  it('fault: whose alarms, one of a group or a device, and how many', async () => {
    mockApi(handlers());
    const user = userEvent.setup();
    const onChange = renderForm(FaultSettingsForm, { group_id: null, device_id: null, limit: 10 });
    const scope = screen.getByRole('radiogroup');
    await user.click(within(scope).getByText('设备分组'));
    await choose('设备分组', '二车间');
    expect(onChange).toHaveBeenLastCalledWith({ group_id: 4, device_id: null, limit: 10 });
    await user.click(within(scope).getByText('单台设备'));
    expect(onChange).toHaveBeenLastCalledWith({ group_id: null, device_id: null, limit: 10 });
    await choose('设备', '1号泵 (IOT0000007)');
    expect(onChange).toHaveBeenLastCalledWith({ group_id: null, device_id: 7, limit: 10 });
    const limit = screen.getByRole('spinbutton', { name: '最多显示条数' });
    await user.clear(limit);
    await user.type(limit, '20');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ group_id: null, device_id: 7, limit: 20 }),
    );
  });

  it('group tree: nothing to set', () => {
    renderForm(GroupTreeSettingsForm, {});
    expect(screen.getByText(/无需设置/)).toBeInTheDocument();
  });
});
