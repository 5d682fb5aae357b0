import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { cardOf, group, linkage, renderWidget } from '../../data/widget.fixtures';
import GroupTreeWidget, { SEARCH_FROM } from './group-tree-widget';
import definition, { groupTreeWidget as named } from './index';

const GROUPS = [group(1, '默认分组', { device_count: 6 }), group(4, '二车间', { device_count: 3 })];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return { 'GET /yun/dev/group': () => ok(GROUPS), ...over };
}

const node = (name: string) => screen.getByText(name).closest<HTMLElement>('.ant-tree-treenode')!;

describe('the group tree widget', () => {
  it('is defined as the registry expects', () => {
    expect(definition).toBe(named);
    expect(definition.links).toEqual([]);
    expect(definition.defaultSize).toEqual({ w: 4, h: 8 });
    expect(definition.fetches).toEqual(['GET /yun/dev/group']);
  });

  it('asks nothing while out of sight', async () => {
    signInAs(['P20000', 'P30000']);
    const calls = mockApi(handlers());
    const view = renderWidget(GroupTreeWidget, {
      card: cardOf('groupTree', {}),
      settings: {},
      visible: false,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    view.update({ visible: true });
    expect(await screen.findByText('二车间')).toBeInTheDocument();
  });

  it('picks a clicked group for the linked cards, "all devices" picks none, the picked one highlighted', async () => {
    signInAs(['P20000', 'P30000']);
    mockApi(handlers());
    const user = userEvent.setup();
    const picked = linkage({ groupId: 4 });
    const view = renderWidget(GroupTreeWidget, {
      card: cardOf('groupTree', {}),
      settings: {},
      linkage: picked,
    });
    expect(await screen.findByText('二车间')).toBeInTheDocument();
    expect(node('二车间')).toHaveClass('ant-tree-treenode-selected');
    expect(node('全部设备')).toHaveTextContent('9');
    await user.click(screen.getByText('默认分组'));
    expect(picked.setGroup).toHaveBeenLastCalledWith(1);
    view.update({ linkage: { ...picked, groupId: 1 } });
    await waitFor(() => expect(node('默认分组')).toHaveClass('ant-tree-treenode-selected'));
    await user.click(screen.getByText('全部设备'));
    expect(picked.setGroup).toHaveBeenLastCalledWith(null);
  });

  it('offers a search when the groups are many', async () => {
    signInAs(['P20000', 'P30000']);
    const many = Array.from({ length: SEARCH_FROM }, (_, i) => group(i + 1, `车间${String(i + 1)}`));
    mockApi(handlers({ 'GET /yun/dev/group': () => ok(many) }));
    const user = userEvent.setup();
    renderWidget(GroupTreeWidget, { card: cardOf('groupTree', {}), settings: {} });
    await screen.findByText('车间8');
    await user.type(screen.getByRole('textbox', { name: '搜索分组' }), '8');
    await waitFor(() => expect(screen.queryByText('车间1')).toBeNull());
    expect(screen.getByText('车间8')).toBeInTheDocument();
  });

  it('says when there are no groups', async () => {
    signInAs(['P20000', 'P30000']);
    mockApi(handlers({ 'GET /yun/dev/group': () => ok([]) }));
    renderWidget(GroupTreeWidget, { card: cardOf('groupTree', {}), settings: {} });
    expect(await screen.findByText('没有设备分组')).toBeInTheDocument();
  });

  it('shows a failure with the server’s reason and a retry', async () => {
    signInAs(['P20000', 'P30000']);
    mockApi(handlers({ 'GET /yun/dev/group': () => fail('100015', '无权限') }));
    renderWidget(GroupTreeWidget, { card: cardOf('groupTree', {}), settings: {} });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('无权限')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
