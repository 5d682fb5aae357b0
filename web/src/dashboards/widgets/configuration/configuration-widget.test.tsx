import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeviceScreenProps } from '@/designer/runtime';
import { setRtdClient } from '@/lib/ws';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { cardOf, linkage, params, renderWidget } from '../../data/widget.fixtures';
import ConfigurationWidget, { pickScreen } from './configuration-widget';
import definition, { configurationWidget as named } from './index';

// The runtime is tested on its own (designer/runtime): here it shows what it was asked to draw.
vi.mock('@/designer/runtime', () => ({
  DeviceScreen: ({ deviceId, screenId, screenName, canOperate }: DeviceScreenProps) => (
    <div
      data-testid="device-screen"
      data-device={deviceId}
      data-screen={screenId}
      data-operate={String(canOperate)}
    >
      {screenName}
    </div>
  ),
}));

const screenOf = (id: number, name: string, kind: 'web' | 'mobile', isMain = false) => ({
  id,
  name,
  kind,
  is_main: isMain,
  sort: id,
  width: 1920,
  height: 1080,
  document: { schema_version: 1 as const, elements: [] },
});

const SCREENS = [
  screenOf(31, '手机主画面', 'mobile', true),
  screenOf(32, '泵房', 'web'),
  screenOf(30, '总览', 'web', true),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/v2/rDev/screens': (c) => {
      const id = Number(params(c).device_id);
      if (id === 404) return fail('110506', '设备不存在');
      if (id === 9) return ok({ device_id: 9, template_id: null, release: null, screens: [] });
      return ok({
        device_id: id,
        template_id: 3,
        release: 2,
        screens: id === 8 ? [screenOf(40, '风机', 'web', true)] : SCREENS,
      });
    },
    ...over,
  };
}

beforeEach(() => {
  signInAs(['P20000', 'P10000']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('the configuration widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.type).toBe('configuration');
    expect(definition.links).toEqual(['device']);
    expect(definition.defaultSize).toEqual({ w: 8, h: 8 });
  });

  it('picks the chosen screen, else the main web one, and tells a missing one', () => {
    const data = { device_id: 7, template_id: 3, release: 2, screens: SCREENS };
    expect(pickScreen(data, null).screen?.id).toBe(30);
    expect(pickScreen(data, 32)).toEqual({ screen: SCREENS[1], missing: false });
    expect(pickScreen(data, 99)).toEqual({ screen: SCREENS[2], missing: true });
    expect(pickScreen(undefined, 32)).toEqual({ screen: undefined, missing: false });
  });

  it('asks nothing and mounts no screen while out of sight', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 7 }),
      settings: { device_id: 7 },
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('device-screen')).toBeNull();
    view.update({ visible: true });
    expect(await screen.findByTestId('device-screen')).toHaveTextContent('总览');
    // The publication and, beside it, what the screen's runtime reads of the device (values, write configuration,
    // live alarms), so the runtime finds them cached.
    expect(new Set(calls.map((c) => c.url))).toEqual(
      new Set(['/yun/v2/rDev/screens', '/rDev', '/yun/v2/rDev/config', '/rAlarmDev']),
    );
    expect(calls.every((c) => params(c).device_id === 7)).toBe(true);
    // Out of sight again: the screen (and its subscriptions) goes, the publication stays cached.
    view.update({ visible: false });
    expect(screen.queryByTestId('device-screen')).toBeNull();
    expect(FakeSocket.all.every((s) => s.sent.length === 0)).toBe(true);
  });

  it('shows its own device’s chosen screen, operable in a presentation only', async () => {
    mockApi(handlers());
    const view = renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 7, screen_id: 32 }),
      settings: { device_id: 7, screen_id: 32 },
    });
    const shown = await screen.findByTestId('device-screen');
    expect(shown).toHaveAttribute('data-device', '7');
    expect(shown).toHaveAttribute('data-screen', '32');
    expect(shown).toHaveAttribute('data-operate', 'true');
    view.update({ mode: 'edit' });
    expect(screen.getByTestId('device-screen')).toHaveAttribute('data-operate', 'false');
  });

  it('shows the device picked in the device tree when it follows it, its own before one is picked', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 7, screen_id: 32 }, 'device'),
      settings: { device_id: 7, screen_id: 32 },
    });
    expect(await screen.findByTestId('device-screen')).toHaveAttribute('data-device', '7');
    view.update({ linkage: linkage({ deviceId: 8 }) });
    // Device 8's template lacks screen 32: its main screen stands in.
    expect(await screen.findByText('风机')).toBeInTheDocument();
    expect(screen.getByTestId('device-screen')).toHaveAttribute('data-device', '8');
    const screens = calls.filter((c) => c.url === '/yun/v2/rDev/screens');
    expect(screens.map((c) => params(c).device_id)).toEqual([7, 8]);
  });

  it('ignores the device tree when it does not follow it', async () => {
    mockApi(handlers());
    renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 7 }),
      settings: { device_id: 7 },
      linkage: linkage({ deviceId: 8 }),
    });
    expect(await screen.findByTestId('device-screen')).toHaveAttribute('data-device', '7');
  });

  it('says so when the device is gone or another tenant’s', async () => {
    mockApi(handlers());
    renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 404 }),
      settings: { device_id: 404 },
    });
    expect(await screen.findByText('设备不存在或无权查看')).toBeInTheDocument();
  });

  it('says so when its chosen screen is no longer published', async () => {
    mockApi(handlers());
    renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 7, screen_id: 99 }),
      settings: { device_id: 7, screen_id: 99 },
    });
    expect(await screen.findByText('组态画面已不存在')).toBeInTheDocument();
    expect(screen.queryByTestId('device-screen')).toBeNull();
  });

  it('asks for a device when it has none, and says when the device has no screen', async () => {
    const calls = mockApi(handlers());
    renderWidget(ConfigurationWidget, { card: cardOf('configuration', {}, 'device'), settings: {} });
    expect(await screen.findByText('未选择设备')).toBeInTheDocument();
    expect(screen.getByText('在设备树中选择一台设备后显示它的组态画面。')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when the device has no published template', async () => {
    mockApi(handlers());
    renderWidget(ConfigurationWidget, {
      card: cardOf('configuration', { device_id: 9 }),
      settings: { device_id: 9 },
    });
    expect(await screen.findByText('该设备没有可显示的组态画面')).toBeInTheDocument();
    expect(screen.getByText('该设备尚未绑定已发布的模板。')).toBeInTheDocument();
  });
});
