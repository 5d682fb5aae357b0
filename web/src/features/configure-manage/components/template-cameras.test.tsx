// The template's camera slots tab (issue 38 point 4): the stored slots, edited as a whole (name, camera from the
// account's cameras, order, removal, addition) and saved at once with PUT /yun/module/video; refused locally while a
// slot has no name or a camera fills two slots; typed as serial and channel without an account; read-only without
// the design item.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { slotProblem, TemplateCameras } from './template-cameras';

const SLOTS = [
  { name: '入口', serial: 'LOCAL0001', channel: 1 },
  { name: '院子', serial: 'LOCAL0001', channel: 2 },
];
const CAMERAS = [
  { serial: 'LOCAL0001', channel: 1, name: 'Gate', online: true },
  { serial: 'LOCAL0001', channel: 2, name: 'Yard', online: true },
  { serial: 'LOCAL0002', channel: 1, name: 'Pump room', online: false },
];
const ACCOUNT = { provider: 'local', app_key: 'demo', bound_at: 1 };

function renderTab(handlers: Record<string, Handler> = {}, canDesign = true) {
  const calls = mockApi({
    'GET /yun/module/video': () => ok({ template_id: 7, cameras: SLOTS, updated_at: 1 }),
    'GET /third/party/account': () => ok(ACCOUNT),
    'GET /third/party/cameras': () => ok(CAMERAS),
    ...handlers,
  });
  renderRoutes([{ path: '/', element: <TemplateCameras templateId={7} canDesign={canDesign} /> }]);
  return calls;
}

const tx = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
/** A button's name: antd spaces out a two-character Chinese label ("保 存"); an icon names itself first. */
const button = (key: string) => new RegExp(`${Array.from(tx(key)).join('\\s*')}$`);

describe('the template camera slots', () => {
  it('renames, reorders, removes and adds slots, then saves them at once', async () => {
    const user = userEvent.setup();
    const calls = renderTab({
      'PUT /yun/module/video': (req) =>
        ok({ template_id: 7, cameras: (bodyOf(req) as { cameras: unknown }).cameras }),
    });
    const name = await screen.findByRole('textbox', { name: tx('video.slots.nameOf', { n: 1 }) });
    // The account's cameras are there to pick from (a slot shows its camera by name).
    expect(await screen.findByText('Gate (LOCAL0001/1)')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: button('video.slots.save') });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, '锅炉房入口');
    await user.click(screen.getAllByRole('button', { name: tx('video.slots.down') })[0]!);
    await user.click(screen.getByRole('button', { name: button('video.slots.add') }));
    // The new slot takes the first camera of the account no slot has yet.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByRole('textbox')).toHaveValue(tx('video.slots.defaultName', { n: 3 }));
    await user.click(within(rows[0]!).getByRole('button', { name: tx('video.slots.remove') }));
    await user.click(save);
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'put')).toBeDefined();
    });
    expect(bodyOf(calls.find((c) => c.method === 'put')!)).toEqual({
      template_id: 7,
      cameras: [
        { name: '锅炉房入口', serial: 'LOCAL0001', channel: 1 },
        { name: tx('video.slots.defaultName', { n: 3 }), serial: 'LOCAL0002', channel: 1 },
      ],
    });
    expect(await screen.findByText(tx('video.slots.saved'))).toBeInTheDocument();
  });

  it('refuses a slot without a name and a camera in two slots before asking the server', () => {
    expect(slotProblem({ name: ' ', serial: 'A1', channel: 1 }, 0, [])).toBe('video.slots.nameInvalid');
    expect(slotProblem({ name: 'x', serial: 'bad serial', channel: 1 }, 0, [])).toBe(
      'video.slots.cameraInvalid',
    );
    const twice = [SLOTS[0]!, { ...SLOTS[0]!, name: 'again' }];
    expect(slotProblem(twice[1]!, 1, twice)).toBe('video.slots.duplicate');
    expect(slotProblem(twice[0]!, 0, twice)).toBeNull();
  });

  it('without an account offers serial and channel fields and a way to bind one', async () => {
    const user = userEvent.setup();
    renderTab({ 'GET /third/party/account': () => ok(null) });
    expect(await screen.findByText(tx('video.slots.noAccount'))).toBeInTheDocument();
    const serial = screen.getByRole('textbox', { name: tx('video.slots.serialOf', { n: 2 }) });
    expect(serial).toHaveValue('LOCAL0001');
    await user.clear(serial);
    expect(await screen.findByText(tx('video.slots.cameraInvalid'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button('video.slots.save') })).toBeDisabled();
  });

  it('shows the slots read-only without the design item', async () => {
    renderTab({}, false);
    expect(await screen.findByText('入口')).toBeInTheDocument();
    expect(await screen.findByText('Yard (LOCAL0001/2)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: button('video.slots.save') })).toBeNull();
  });

  it('says when it has no slot yet', async () => {
    renderTab({ 'GET /yun/module/video': () => ok({ template_id: 7, cameras: [], updated_at: null }) });
    expect(await screen.findByText(tx('video.slots.empty'))).toBeInTheDocument();
  });
});
