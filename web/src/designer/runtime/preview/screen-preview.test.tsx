import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestConfig } from '@/lib/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LiveDeviceOut } from '@/lib/telemetry/types';
import { setRtdClient } from '@/lib/ws';
import { documentOf } from '@/test/designer';
import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { liveItem } from '@/test/telemetry';
import { normalizeElement } from '../../model/normalize';
import type { DesignDocument } from '../../model/types';
import ScreenPreview, { firstDevice, type PreviewDevice, type PreviewScreen } from './screen-preview';

const MAIN = 7;
const DETAIL = 8;

const sized = (doc: DesignDocument): DesignDocument => ({
  ...doc,
  canvas: { ...doc.canvas, width: 800, height: 600 },
});

const pressure = normalizeElement({
  id: 'pressure',
  type: 'value',
  placement: { x: 10, y: 10, w: 160, h: 30 },
  settings: { unit: 'MPa', decimals: 2 },
  bindings: { value: { data_source_id: 41 } },
});

const link = (id: string, type: 'jump_screen' | 'open_popup', text: string) =>
  normalizeElement({
    id,
    type: 'link',
    placement: { x: 10, y: 60 + (type === 'open_popup' ? 40 : 0), w: 100, h: 30 },
    settings: { text },
    actions: [{ type, screen_id: DETAIL }],
  });

const mainDoc = sized(
  documentOf([pressure, link('jump', 'jump_screen', '去详情'), link('pop', 'open_popup', '弹出详情')]),
);

const detailDoc = sized(
  documentOf([
    normalizeElement({
      id: 'detail-pressure',
      type: 'value',
      placement: { x: 300, y: 300, w: 160, h: 30 },
      settings: { unit: 'kPa', decimals: 0 },
      bindings: { value: { data_source_id: 41 } },
    }),
  ]),
);

const DEVICES: PreviewDevice[] = [
  { id: 13, sn_code: 'IOT0000013', alias: '2号泵', dev_state: 2 },
  { id: 12, sn_code: 'IOT0000012', alias: '1号泵', dev_state: 1 },
];

function device(id: number, value: number): LiveDeviceOut {
  return {
    device_id: id,
    sn_code: `IOT00000${id}`,
    dev_alias: '',
    dev_state: 1,
    report_time: 1,
    template_id: 3,
    template_version: 1,
    can_write: true,
    password_required: false,
    items: [liveItem({ id: 41, value, ts: 1_000 })],
  };
}

const deviceOf = (config: RequestConfig) => (config.params as { device_id: number }).device_id;

const handlers: Record<string, Handler> = {
  'GET /rDev': (config) => ok(device(deviceOf(config), deviceOf(config) === 12 ? 0.82 : 0.35)),
  'GET /yun/v2/rDev/config': () =>
    ok({ user_can_write: true, device_can_write: true, online: true, password_required: false }),
  'GET /rAlarmDev': () => ok({ items: [], total: 0, page: 1, page_size: 200 }),
};

function renderPreview(devices: PreviewDevice[] = DEVICES, over: Record<string, Handler> = {}) {
  const calls = mockApi({ ...handlers, ...over });
  const onClose = vi.fn();
  const loadScreen = vi.fn<(screenId: number) => Promise<PreviewScreen>>(() =>
    Promise.resolve({ name: '详情', document: detailDoc, size: { width: 1920, height: 1080 } }),
  );
  renderRoutes([
    {
      path: '/',
      element: (
        <ScreenPreview
          open
          screenId={MAIN}
          screenName="总览"
          doc={mainDoc}
          defaultSize={{ width: 1920, height: 1080 }}
          devices={devices}
          loadScreen={loadScreen}
          bindAction={<button type="button">去绑定设备</button>}
          onClose={onClose}
        />
      ),
    },
  ]);
  return { calls, onClose, loadScreen };
}

const shown = (id: string) => document.querySelector(`[data-element-id="${id}"]`);

beforeEach(() => {
  signInAs(['P40000', 'P41600']);
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('ScreenPreview', () => {
  it('says no device is bound, with the way to bind one', async () => {
    const { calls } = renderPreview([]);
    expect(await screen.findByText('该模板还没有绑定设备')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去绑定设备' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '设备' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('starts with an online device, shows its values, and follows the device chosen', async () => {
    const user = userEvent.setup();
    const { calls } = renderPreview();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    expect(screen.getByText('预览：总览')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/rDev').map(deviceOf)).toEqual([12]);

    await user.click(screen.getByRole('combobox', { name: '设备' }));
    await user.click(await screen.findByTitle('2号泵 (IOT0000013)'));
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.35 MPa'));
    expect(calls.filter((c) => c.url === '/rDev').map(deviceOf)).toEqual([12, 13]);
  });

  it('updates a value when the gateway publishes', async () => {
    renderPreview();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    act(() => {
      FakeSocket.last!.open();
    });
    expect(FakeSocket.last!.sent).toContainEqual({ op: 'sub', devices: [12] });
    act(() => {
      FakeSocket.last!.receive({
        type: 'values',
        device_id: 12,
        values: [{ id: 41, v: 1.234, ts: 2_000, q: 0 }],
      });
    });
    // Applied on the next animation frame.
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('1.23 MPa'));
  });

  it('shows the alarm icon on a value whose source is in alarm', async () => {
    renderPreview(DEVICES, {
      'GET /rAlarmDev': () =>
        ok({
          items: [
            {
              id: 1,
              device_id: 12,
              sn_code: 'IOT0000012',
              dev_alias: '1号泵',
              data_source_id: 41,
              data_source_name: '出水压力',
              alarm_name: '压力过高',
              alarm_level: 1,
              alarm_type: 1,
              alarm_info: null,
              value: 0.82,
              alarm_time: 1,
              recover_time: null,
              confirm_time: null,
              confirm_userName: null,
              alarm_note: null,
            },
          ],
          total: 1,
          page: 1,
          page_size: 200,
        }),
    });
    const icon = await screen.findByRole('img', { name: '报警' });
    expect(shown('pressure')).toContainElement(icon);
  });

  it('jumps to another screen in place and opens a pop-up with the same device', async () => {
    const user = userEvent.setup();
    const { loadScreen } = renderPreview();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));

    await user.click(screen.getByRole('link', { name: '弹出详情' }));
    // The pop-up's own screen, in a dialog over the preview (antd's test ids leave its title unlinked).
    const popup = (await screen.findByRole('region', { name: '详情' })).closest<HTMLElement>('.ant-modal')!;
    await waitFor(() => expect(within(popup).getByText('1 kPa')).toBeInTheDocument());
    expect(loadScreen).toHaveBeenCalledWith(DETAIL);
    await user.click(within(popup).getByRole('button', { name: /close|关闭/i }));
    // (jsdom never finishes antd's closing animation, so the closed dialog's last content stays in the DOM.)

    await user.click(screen.getByRole('link', { name: '去详情' }));
    await waitFor(() => expect(shown('detail-pressure')).toHaveTextContent('1 kPa'));
    expect(shown('pressure')).toBeNull();
    await user.click(screen.getByRole('button', { name: /返回 总览/ }));
    expect(shown('pressure')).toHaveTextContent('0.82 MPa');
  });

  it('closes with the close button and with Esc', async () => {
    const user = userEvent.setup();
    const { onClose } = renderPreview();
    await waitFor(() => expect(shown('pressure')).toHaveTextContent('0.82 MPa'));
    await user.click(screen.getByRole('button', { name: '关闭预览' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('firstDevice', () => {
  it('prefers an online device, else the first, else none', () => {
    expect(firstDevice(DEVICES)).toBe(12);
    expect(firstDevice([DEVICES[0]!])).toBe(13);
    expect(firstDevice([])).toBeNull();
  });
});

describe('writes from the preview', () => {
  it('posts a switch write through POST /yun/rDev for the chosen device', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    mockApi({
      ...handlers,
      'POST /yun/rDev': (config) => {
        posted.push(bodyOf(config));
        return ok({ req_id: 'r', value: 1, old_value: 0, ack_time: 3_000 });
      },
    });
    const doc = sized(
      documentOf([
        normalizeElement({
          id: 'sw',
          type: 'switch',
          placement: { x: 10, y: 10, w: 80, h: 32 },
          settings: { on_value: 1, off_value: 0 },
          bindings: { value: { data_source_id: 41 } },
        }),
      ]),
    );
    renderRoutes([
      {
        path: '/',
        element: (
          <ScreenPreview
            open
            screenId={MAIN}
            screenName="总览"
            doc={doc}
            defaultSize={{ width: 1920, height: 1080 }}
            devices={DEVICES}
            loadScreen={() => Promise.reject(new Error('unused'))}
            onClose={() => undefined}
          />
        ),
      },
    ]);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    await waitFor(() => expect(posted).toEqual([{ device_id: 12, data_source_id: 41, value: 1 }]));
  });

  it('asks the control password a control wants, and shows a wrong one next to the field', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    mockApi({
      ...handlers,
      'GET /yun/v2/rDev/config': () =>
        ok({
          user_can_write: true,
          device_can_write: true,
          online: true,
          password_required: true,
          device_password_set: true,
        }),
      'POST /yun/rDev': (config) => {
        const body = bodyOf(config) as { password?: string };
        posted.push(body);
        return body.password === 'right'
          ? ok({ req_id: 'r', value: 1, old_value: 0, ack_time: 3_000 })
          : fail('110520', '控制密码错误');
      },
    });
    const doc = sized(
      documentOf([
        normalizeElement({
          id: 'sw',
          type: 'switch',
          placement: { x: 10, y: 10, w: 80, h: 32 },
          settings: { on_value: 1, off_value: 0, password: 'device' },
          bindings: { value: { data_source_id: 41 } },
        }),
      ]),
    );
    renderRoutes([
      {
        path: '/',
        element: (
          <ScreenPreview
            open
            screenId={MAIN}
            screenName="总览"
            doc={doc}
            defaultSize={{ width: 1920, height: 1080 }}
            devices={DEVICES}
            loadScreen={() => Promise.reject(new Error('unused'))}
            onClose={() => undefined}
          />
        ),
      },
    ]);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    const field = await screen.findByLabelText('控制密码', { selector: 'input' });
    expect(posted).toEqual([]);

    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: /^写\s?入$/ }));
    expect(await screen.findByText('控制密码错误')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'right');
    await user.click(screen.getByRole('button', { name: /^写\s?入$/ }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      device_id: 12,
      data_source_id: 41,
      value: 1,
      password: 'right',
      password_mode: 'device',
    });
  });

  // Issue 30 defect 2: a password is asked only when one applies; a control naming the device's password on a
  // device without one is refused on the control, and nothing is asked or sent (docs/decisions.md).
  const passwordSwitch = (password: string) =>
    sized(
      documentOf([
        normalizeElement({
          id: 'sw',
          type: 'switch',
          placement: { x: 10, y: 10, w: 80, h: 32 },
          settings: { on_value: 1, off_value: 0, password },
          bindings: { value: { data_source_id: 41 } },
        }),
      ]),
    );

  function renderSwitch(
    doc: DesignDocument,
    passwords: { password_required: boolean; device_password_set: boolean },
  ) {
    const posted: unknown[] = [];
    mockApi({
      ...handlers,
      'GET /yun/v2/rDev/config': () =>
        ok({ user_can_write: true, device_can_write: true, online: true, ...passwords }),
      'POST /yun/rDev': (config) => {
        posted.push(bodyOf(config));
        return ok({ req_id: 'r', value: 1, old_value: 0, ack_time: 3_000 });
      },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <ScreenPreview
            open
            screenId={MAIN}
            screenName="总览"
            doc={doc}
            defaultSize={{ width: 1920, height: 1080 }}
            devices={DEVICES}
            loadScreen={() => Promise.reject(new Error('unused'))}
            onClose={() => undefined}
          />
        ),
      },
    ]);
    return posted;
  }

  it('refuses a control asking the device password on a device without one, asking nothing', async () => {
    const user = userEvent.setup();
    const posted = renderSwitch(passwordSwitch('device'), {
      password_required: false,
      device_password_set: false,
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() =>
      expect(toggle).toHaveAttribute('title', '此控件需要设备的控制密码，该设备未设置，不能写入'),
    );
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await user.click(toggle);
    expect(screen.queryByLabelText('控制密码', { selector: 'input' })).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('refuses a control asking a password where neither the device nor the tenant has one', async () => {
    renderSwitch(passwordSwitch('global'), { password_required: false, device_password_set: false });
    const toggle = await screen.findByRole('switch');
    await waitFor(() =>
      expect(toggle).toHaveAttribute('title', '此控件需要控制密码，该设备与租户均未设置，不能写入'),
    );
  });

  it('writes without asking when no password applies and the control asks none', async () => {
    const user = userEvent.setup();
    const posted = renderSwitch(passwordSwitch('none'), {
      password_required: false,
      device_password_set: false,
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    await waitFor(() => expect(posted).toEqual([{ device_id: 12, data_source_id: 41, value: 1 }]));
    expect(screen.queryByLabelText('控制密码', { selector: 'input' })).not.toBeInTheDocument();
  });

  it('asks the password that guards the device even for a control asking none', async () => {
    const user = userEvent.setup();
    const posted = renderSwitch(passwordSwitch('none'), {
      password_required: true,
      device_password_set: false,
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await user.click(toggle);
    expect(await screen.findByLabelText('控制密码', { selector: 'input' })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});
