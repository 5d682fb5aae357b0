// The dashboard editor: loaded for editing (118005 in place of the editor), cards added from the palette, undo and
// redo, the settings drawer, saving against the version loaded, the server's refusals where they belong.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { DashboardSave } from '@/lib/dashboards/save-dashboard';
import { i18n } from '@/lib/i18n';
import { card, dashboardOf } from '../test-fixtures';
import { widgetOf } from '../widgets/registry';
import { DashboardEditor } from '.';

const LOADED = dashboardOf([card('a', 'text', { text: '产量' }, { title: '今日产量' })], {
  id: 7,
  version: 4,
});

function renderEditor(handlers: Record<string, Handler> = {}) {
  const calls = mockApi({
    'GET /yun/dashboard/detail': () => ok(LOADED),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/editDashboard', element: <DashboardEditor dashboardId={7} /> },
      { path: '/dashboard', element: <p>the list</p> },
    ],
    { initialEntries: ['/editDashboard?id=7'] },
  );
  return { calls, ...view };
}

const saves = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/yun/dashboard/save').map((c) => bodyOf(c) as DashboardSave);

describe('the dashboard editor', () => {
  it('says the spec\'s "no edit dashboard permission" on 118005', async () => {
    renderEditor({ 'GET /yun/dashboard/detail': () => fail('118005', '没有编辑看板的权限', 'id') });
    expect(await screen.findByText('您没有编辑该看板的权限')).toBeInTheDocument();
  });

  it('loads the dashboard for editing, adds cards from the palette, undoes and redoes, and saves its version', async () => {
    const { calls } = renderEditor({
      'POST /yun/dashboard/save': (config) =>
        ok({ ...LOADED, version: (bodyOf(config) as DashboardSave).version + 1 }),
    });
    expect(await screen.findByText('产量')).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ id: 7, purpose: 'edit' });
    const save = screen.getByRole('button', { name: /保\s*存/ });
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '添加天气' }));
    // The new card is selected: its settings drawer opens.
    expect(await screen.findByText('天气设置')).toBeInTheDocument();
    expect(save).toBeEnabled();
    expect(document.querySelectorAll('.dbe-item')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: '撤销（Ctrl+Z）' }));
    expect(document.querySelectorAll('.dbe-item')).toHaveLength(1);
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '重做（Ctrl+Shift+Z）' }));
    expect(document.querySelectorAll('.dbe-item')).toHaveLength(2);

    await userEvent.click(save);
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(1);
    });
    const body = saves(calls)[0]!;
    expect(body).toMatchObject({
      id: 7,
      version: 4,
      name: '车间总览',
      width: 1920,
      height: 1080,
      theme: 'tech',
    });
    expect(body.document.cards?.map((c) => c.type)).toEqual(['text', 'weather']);
    expect(body.document.layouts?.desktop?.[1]).toMatchObject({ x: 8, y: 0, w: 8, h: 6 });
    expect(body.document.layouts?.mobile).toEqual([]);
    expect(await screen.findByText('看板已保存')).toBeInTheDocument();
    await waitFor(() => {
      expect(save).toBeDisabled();
    });

    // The next save sends the version the first one answered.
    await userEvent.click(screen.getByRole('button', { name: '添加文本' }));
    await userEvent.click(save);
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(2);
    });
    expect(saves(calls)[1]?.version).toBe(5);
  });

  it('keeps the toolbar to icons with their names, the seldom-changed flags under More, and saves them', async () => {
    const { calls } = renderEditor({ 'POST /yun/dashboard/save': () => ok(LOADED) });
    await screen.findByText('产量');
    const toolbar = screen.getByRole('toolbar', { name: '编辑看板' });
    // Closed, the resolution shows its size alone.
    expect(within(toolbar).getByText('1920 × 1080')).toBeInTheDocument();
    expect(within(toolbar).queryByRole('switch')).toBeNull();
    // The layout's icons are radios named by their hidden labels (antd's input itself takes no pointer).
    const layout = (name: string) => within(toolbar).getByRole('radio', { name }).closest('label')!;
    await userEvent.click(layout('手机端'));
    expect(await screen.findByText('当前手机端布局跟随电脑端自动排列')).toBeInTheDocument();
    await userEvent.click(layout('电脑端'));

    await userEvent.click(within(toolbar).getByRole('button', { name: '更多' }));
    const more = await screen.findByRole('group', { name: '更多' });
    await userEvent.click(within(more).getByRole('switch', { name: '移动端显示' }));
    await userEvent.click(within(more).getByRole('switch', { name: '自由移动' }));
    await userEvent.click(within(toolbar).getByRole('button', { name: '预览' }));
    expect(within(toolbar).getByRole('button', { name: '预览' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(toolbar).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(1);
    });
    expect(saves(calls)[0]).toMatchObject({ mobile: true, free_move: true });
  });

  it("edits the selected card's title and link in the drawer, one undo step per field", async () => {
    renderEditor();
    // A type that may follow a tree, named as its definition names it.
    const fault = i18n.getFixedT('zh')(widgetOf('fault').i18nKey);
    await userEvent.click(await screen.findByRole('button', { name: `添加${fault}` }));
    const drawer = await screen.findByRole('dialog');
    const title = within(drawer).getByPlaceholderText('留空时显示组件名称');
    await userEvent.type(title, '报警');
    await userEvent.click(within(drawer).getByLabelText('联动'));
    await userEvent.click(await screen.findByTitle('跟随设备树'));
    expect(document.querySelector('[data-card-type="fault"] .dbv-card__title-text')).toHaveTextContent(
      '报警',
    );
    // The title's typing is one step: one undo takes the link back, the next the whole title.
    await userEvent.click(screen.getByRole('button', { name: '撤销（Ctrl+Z）' }));
    await userEvent.click(screen.getByRole('button', { name: '撤销（Ctrl+Z）' }));
    expect(document.querySelector('[data-card-type="fault"] .dbv-card__title-text')).toHaveTextContent(fault);
  });

  it("sets up a container's tabs, each with its own widget's settings form", async () => {
    const { calls } = renderEditor({ 'POST /yun/dashboard/save': () => ok(LOADED) });
    await userEvent.click(await screen.findByRole('button', { name: '添加容器' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('button', { name: /添加标签页/ }));
    await userEvent.type(within(drawer).getByLabelText('标签页 1 的名称'), '产线');
    // The new tab holds a text card: its own form is below.
    await userEvent.type(await within(drawer).findByLabelText('文本内容'), '一号线');
    const box = document.querySelector<HTMLElement>('[data-card-type="container"]')!;
    expect(await within(box).findByRole('tab', { name: '产线' })).toHaveAttribute('aria-selected', 'true');
    expect(within(box).getByText('一号线')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(saves(calls)).toHaveLength(1);
    });
    const container = saves(calls)[0]!.document.cards?.find((c) => c.type === 'container');
    expect(container?.settings).toMatchObject({
      interval_s: 0,
      tabs: [{ title: '产线', card: { type: 'text', settings: { text: '一号线' } } }],
    });
  });

  it("shows the server's refusal of the name on the name field", async () => {
    renderEditor({ 'POST /yun/dashboard/save': () => fail('118004', '看板名称已存在', 'name') });
    await userEvent.click(await screen.findByRole('button', { name: '添加文本' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('看板名称已存在')).toBeInTheDocument();
  });

  it('offers to reload when someone else saved in between (100023)', async () => {
    let version = 4;
    const { calls } = renderEditor({
      'GET /yun/dashboard/detail': () =>
        ok({ ...LOADED, version, name: version > 4 ? '新名称' : LOADED.name }),
      'POST /yun/dashboard/save': () => fail('100023', '数据已被他人修改，请刷新后重试', 'version'),
    });
    await userEvent.click(await screen.findByRole('button', { name: '添加文本' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent.includes('看板已被他人修改'));
      expect(found).toBeDefined();
      return found!;
    });
    version = 5;
    await userEvent.click(within(dialog).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByDisplayValue('新名称')).toBeInTheDocument();
    expect(document.querySelectorAll('.dbe-item')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/yun/dashboard/detail')).toHaveLength(2);
  });
});
