import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { bodyOf, mockApi, ok, type Handler } from '@/test/mock-api';
import type { ScreenOut } from '../types';
import { ScreenList } from './screen-list';

const TEMPLATE = { id: 7, width: 1120, height: 630, mobile_width: 750, mobile_height: 1334 };

const row = (id: number, name: string, sort: number, extra: Partial<ScreenOut> = {}): ScreenOut => ({
  id,
  template_id: 7,
  kind: 'web',
  name,
  is_main: false,
  sort,
  schema_version: 1,
  updated_at: 0,
  width: 1120,
  height: 630,
  revision: 1,
  saved_at: 0,
  ...extra,
});

const CUSTOM = i18n.t('configure.template.size.custom');

const SCREENS = [row(1, '主画面', 0, { is_main: true }), row(2, '泵房', 1, { width: 1920, height: 1080 })];

function renderList(handlers: Record<string, Handler> = {}, canDesign = true) {
  const calls = mockApi(handlers);
  renderRoutes([
    {
      path: '/',
      element: <ScreenList template={TEMPLATE} kind="web" screens={SCREENS} canDesign={canDesign} />,
    },
    { path: '/designConfigure/:id', element: <p>designer</p> },
  ]);
  return { calls, list: screen.getByRole('list', { name: 'Web 画面' }) };
}

const menuOf = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: `${name} 的更多操作` }));
  // A menu closed before may still be fading out: the one just opened is the last.
  const menus = await screen.findAllByRole('menu');
  return menus[menus.length - 1]!;
};

describe('screen list', () => {
  it('lists the screens in order with their sizes, the main one marked', () => {
    const { list } = renderList();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/主画面.*主.*1120 × 630/),
      expect.stringMatching(/泵房.*1920 × 1080/),
    ]);
    expect(screen.getByText('模板默认尺寸 1120 × 630')).toBeInTheDocument();
  });

  it('adds a screen of a preset or a custom size', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'POST /yun/module/view': () => ok(row(3, '报警', 2)) });
    await user.click(screen.getByRole('button', { name: /新增画面/ }));
    const dialog = await screen.findByRole('dialog', { name: '新增 Web 画面' });
    await user.type(within(dialog).getByLabelText('画面名称'), '报警');
    await user.click(within(dialog).getByRole('combobox', { name: '画布尺寸' }));
    const options = await screen.findAllByTitle(CUSTOM);
    await user.click(options.find((el) => el.classList.contains('ant-select-item-option')) ?? options[0]!);
    await user.clear(within(dialog).getByLabelText('画布尺寸 宽'));
    await user.type(within(dialog).getByLabelText('画布尺寸 宽'), '1920');
    await user.clear(within(dialog).getByLabelText('画布尺寸 高'));
    await user.type(within(dialog).getByLabelText('画布尺寸 高'), '1080');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'post')!)).toEqual({
      template_id: 7,
      kind: 'web',
      name: '报警',
      width: 1920,
      height: 1080,
    });
  });

  it('copies a screen under a new name', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'POST /yun/module/view/copy': () => ok(row(3, '泵房 副本', 2)) });
    await user.click(within(await menuOf(user, '泵房')).getByText('复制'));
    const dialog = await screen.findByRole('dialog', { name: '复制画面“泵房”' });
    expect(within(dialog).getByLabelText('画面名称')).toHaveValue('泵房 副本');
    expect(within(dialog).queryByLabelText('画布尺寸')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(bodyOf(calls[0]!)).toEqual({ id: 2, name: '泵房 副本' });
  });

  it('reorders from the keyboard', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'PUT /yun/module/view/order': () => ok([SCREENS[1], SCREENS[0]]) });
    const up = screen.getByRole('button', { name: '上移“泵房”' });
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(bodyOf(calls[0]!)).toEqual({ template_id: 7, kind: 'web', ids: [2, 1] });
    expect(screen.getByRole('button', { name: '上移“主画面”' })).toBeDisabled();
  });

  it('deletes after a confirmation, and never the main screen', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ 'DELETE /yun/module/view': () => ok(null) });
    expect(within(await menuOf(user, '主画面')).queryByText('删除')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(await menuOf(user, '泵房')).getByText('删除'));
    const confirm = await screen.findByRole('dialog', { name: '删除画面“泵房”？' });
    expect(calls).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.params).toEqual({ id: 2 });
  });

  it('opens the designer, and shows no edit actions without the design right', async () => {
    const user = userEvent.setup();
    renderList({}, false);
    expect(screen.queryByRole('button', { name: /新增画面/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '上移“泵房”' })).toBeNull();
    const links = screen.getAllByRole('link', { name: /在设计器中打开/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/designConfigure/id=1',
      '/designConfigure/id=2',
    ]);
    await user.click(links[1]!);
    expect(await screen.findByText('designer')).toBeInTheDocument();
  });
});
