// The 3D model card at work: the element's view fed by the card's device (the state's colour on its nodes, drives
// and spins from their values), turned by hand in a presentation only, the model's files through a share link on its
// page; the empty, gone and away states.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ModelViewProps } from '@/components/model3d/model-view';
import { sharedModelFiles } from '@/designer/elements/display/model3d/model-files';
import { setRtdClient } from '@/lib/ws';
import { installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { consoleSource } from '../../data/console-source';
import { DashboardSourceProvider } from '../../data/source';
import { cardOf, linkage, params, renderWidget, THEME } from '../../data/widget.fixtures';
import type { SettingsOf } from '../types';
import definition, { model3dWidget as named } from './index';
import Model3dWidget from './model3d-widget';

const seen = vi.hoisted(() => ({ props: [] as ModelViewProps[] }));
vi.mock('@/components/model3d/model-view', () => ({
  ModelView: (props: ModelViewProps) => {
    seen.props.push(props);
    return <div data-testid="model-view" />;
  },
}));

const URL = '/api/yun/resourcesInfo/model/file/KEY/pump_skid.gltf';
const SETTINGS: SettingsOf<'model3d'> = {
  device_id: 7,
  model: {
    model_id: 5,
    model_url: URL,
    meshes: ['motor'],
    drives: [
      { key: 'drive_1', node: 'valve', kind: 'position_y', min: 0, max: 100, from_value: 0, to_value: 0.2 },
    ],
    spins: [{ key: 'spin_1', node: 'motor', axis: 'x', factor: 10 }],
  },
  bindings: {
    value: { data_source_id: 41 },
    drive_1: { data_source_id: 42 },
    spin_1: { data_source_id: 43 },
  },
  states: {
    by: 'value',
    items: [
      { max: 1, backgroundColor: '#c9cdd4', isUnderline: false },
      { min: 1, backgroundColor: '#00b42a', isUnderline: false },
    ],
  },
};

const item = (id: number, value: number) => ({
  id,
  name: `点${String(id)}`,
  group_id: null,
  group_name: null,
  data_type: 'float32',
  rw: 'r',
  unit: null,
  decimals: null,
  min_value: null,
  max_value: null,
  value,
  ts: 1_000,
  quality: 0,
});

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /rDev': (c) => {
      const id = Number(params(c).device_id);
      if (id === 404) return fail('110506', '设备不存在');
      return ok({
        device_id: id,
        sn_code: 'IOT0000007',
        dev_alias: '泵',
        dev_state: 1,
        report_time: 1_000,
        template_id: 3,
        template_version: 1,
        can_write: false,
        password_required: false,
        items: [item(41, 1), item(42, 50), item(43, 3)],
      });
    },
    'GET /yun/v2/rDev/config': () =>
      ok({
        user_can_write: false,
        device_can_write: false,
        online: true,
        password_required: false,
      }),
    'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
    ...over,
  };
}

beforeEach(() => {
  signInAs(['P20000', 'P10000']);
  installFakeRtd();
  seen.props = [];
});

afterEach(() => {
  setRtdClient(null);
});

describe('the 3D model widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.type).toBe('model3d');
    expect(definition.links).toEqual(['device']);
    expect(definition.defaultSize).toEqual({ w: 8, h: 8 });
  });

  it('draws the model by its device’s values: coloured, driven, turning, turned by hand in a presentation', async () => {
    mockApi(handlers());
    const view = renderWidget(Model3dWidget, { card: cardOf('model3d', SETTINGS), settings: SETTINGS });
    await screen.findByTestId('model-view');
    await waitFor(() => {
      expect(seen.props.at(-1)?.meshColors).toEqual({ motor: '#00b42a' });
    });
    const props = seen.props.at(-1);
    expect(props?.url).toMatch(/\/yun\/resourcesInfo\/model\/file\/KEY\/pump_skid\.gltf$/);
    expect(props?.headers).toBeUndefined();
    expect(props?.drives).toEqual([{ mesh: 'valve', property: 'position.y', value: 0.1 }]);
    expect(props?.spin).toEqual([{ mesh: 'motor', axis: 'x', rpm: 30 }]);
    expect(props?.interactive).toBe(true);
    // The editor's grid keeps the pointer for moving the card.
    view.update({ mode: 'edit' });
    await waitFor(() => {
      expect(seen.props.at(-1)?.interactive).toBe(false);
    });
  });

  it('mounts no viewer and asks nothing while out of sight', async () => {
    const calls = mockApi(handlers());
    const view = renderWidget(Model3dWidget, {
      card: cardOf('model3d', SETTINGS),
      settings: SETTINGS,
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('model-view')).toBeNull();
    view.update({ visible: true });
    await screen.findByTestId('model-view');
    expect(calls.every((c) => params(c).device_id === 7)).toBe(true);
    view.update({ visible: false });
    expect(screen.queryByTestId('model-view')).toBeNull();
  });

  it('draws for the device picked in the device tree when it follows it', async () => {
    const calls = mockApi(handlers());
    renderWidget(Model3dWidget, {
      card: cardOf('model3d', SETTINGS, 'device'),
      settings: SETTINGS,
      linkage: linkage({ deviceId: 8 }),
    });
    await screen.findByTestId('model-view');
    expect(screen.getByTestId('widget-model3d').querySelector('[data-device-id]')).toHaveAttribute(
      'data-device-id',
      '8',
    );
    expect(calls.filter((c) => c.url === '/rDev').map((c) => params(c).device_id)).toEqual([8]);
  });

  it('asks for a model, then for a device, before it draws', async () => {
    const calls = mockApi(handlers());
    const none = { ...SETTINGS, model: { meshes: [], drives: [], spins: [] } };
    const view = renderWidget(Model3dWidget, { card: cardOf('model3d', none), settings: none });
    expect(await screen.findByText('未选择模型')).toBeInTheDocument();
    view.update({ settings: { ...SETTINGS, device_id: null } });
    expect(await screen.findByText('未选择设备')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(seen.props).toHaveLength(0);
  });

  it('says so when the device is gone or another tenant’s', async () => {
    mockApi(handlers());
    const gone = { ...SETTINGS, device_id: 404 };
    renderWidget(Model3dWidget, { card: cardOf('model3d', gone), settings: gone });
    expect(await screen.findByText('设备不存在或无权查看')).toBeInTheDocument();
    expect(seen.props).toHaveLength(0);
  });

  it('on a share link’s page loads the model’s files through the link', async () => {
    mockApi(handlers());
    const shared = { ...consoleSource, feed: { ...consoleSource.feed, modelFiles: sharedModelFiles('tok') } };
    renderRoutes([
      {
        path: '/',
        element: (
          <DashboardSourceProvider source={shared}>
            <Model3dWidget
              card={cardOf('model3d', SETTINGS)}
              settings={SETTINGS}
              mode="view"
              visible
              linkage={linkage()}
              theme={THEME}
              dashboardId={1}
            />
          </DashboardSourceProvider>
        ),
      },
    ]);
    await screen.findByTestId('model-view');
    expect(seen.props.at(-1)?.url).toMatch(/\/yun\/shared\/model\/tok\/5\/pump_skid\.gltf$/);
    expect(seen.props.at(-1)?.headers).toEqual({});
  });
});
