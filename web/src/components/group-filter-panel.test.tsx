import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/http';
import { resetToasts } from '@/lib/toast';
import { renderRoutes } from '@/test/render';
import {
  GroupFilterPanel,
  type GroupFilter,
  type GroupFilterActions,
  type GroupFilterPanelTexts,
} from './group-filter-panel';

interface Shelf {
  id: number;
  name: string;
  items: number;
}

const TEXTS: GroupFilterPanelTexts = {
  title: '货架分组',
  all: '全部货架',
  none: '未分组',
  create: '新建分组',
  loadFailed: '分组加载失败',
  retry: '重试',
  edit: '重命名',
  editNamed: (name) => `重命名分组“${name}”`,
  deleteConfirm: (name) => `删除分组“${name}”？`,
  deleteHint: '只能删除空的分组。',
  delete: '删除',
  deleteNamed: (name) => `删除分组“${name}”`,
  deleted: '分组已删除',
  deleteFailed: '分组删除失败',
};

const SHELVES: Shelf[] = [
  { id: 4, name: '一号库', items: 3 },
  { id: 7, name: '二号库', items: 0 },
];

function show(initial: GroupFilter, actions?: GroupFilterActions<Shelf>) {
  const selections: GroupFilter[] = [];
  function Host() {
    const [selected, setSelected] = useState<GroupFilter>(initial);
    return (
      <GroupFilterPanel<Shelf>
        className="shelf-groups"
        groups={SHELVES}
        count={(g) => g.items}
        loading={false}
        error={false}
        onRetry={() => undefined}
        selected={selected}
        onSelect={(g) => {
          selections.push(g);
          setSelected(g);
        }}
        actions={actions}
        texts={TEXTS}
      />
    );
  }
  renderRoutes([{ path: '/', element: <Host /> }]);
  return selections;
}

const option = (name: RegExp) => screen.getByRole('option', { name });

afterEach(() => {
  resetToasts();
});

describe('GroupFilterPanel', () => {
  it('lists every item, those in no group, then each group with its count, and selects on click', async () => {
    const selections = show(undefined);
    const list = screen.getByRole('listbox', { name: '货架分组' });
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['全部货架', '未分组', '一号库3', '二号库0']);
    expect(option(/全部货架/)).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(option(/未分组/));
    await userEvent.click(option(/一号库/));
    expect(selections).toEqual([0, 4]);
    expect(option(/一号库/)).toHaveAttribute('aria-selected', 'true');
  });

  it('offers neither add nor item actions to a caller who may not manage the groups', () => {
    show(undefined);
    expect(screen.queryByRole('button', { name: '新建分组' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重命名分组“一号库”' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除分组“一号库”' })).not.toBeInTheDocument();
  });

  it('creates and renames through the caller', async () => {
    const actions = { onCreate: vi.fn(), onRename: vi.fn(), onDelete: vi.fn(() => Promise.resolve()) };
    show(undefined, actions);
    await userEvent.click(screen.getByRole('button', { name: '新建分组' }));
    await userEvent.click(screen.getByRole('button', { name: '重命名分组“二号库”' }));
    expect(actions.onCreate).toHaveBeenCalledTimes(1);
    expect(actions.onRename).toHaveBeenCalledWith(SHELVES[1]);
  });

  it('deletes once confirmed and falls back to every item when the group shown is deleted', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const selections = show(4, { onCreate: vi.fn(), onRename: vi.fn(), onDelete });
    await userEvent.click(screen.getByRole('button', { name: '删除分组“一号库”' }));
    expect(await screen.findByText('删除分组“一号库”？')).toBeInTheDocument();
    expect(screen.getByText('只能删除空的分组。')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '删 除' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(SHELVES[0]));
    expect(await screen.findByText('分组已删除')).toBeInTheDocument();
    expect(selections).toEqual([undefined]);
  });

  it("shows the server's refusal and keeps the selection", async () => {
    const refusal = new ApiError({ code: '202301', detail: '该分组下还有看板，不能删除', field: 'id' });
    const onDelete = vi.fn(() => Promise.reject(refusal));
    const selections = show(4, { onCreate: vi.fn(), onRename: vi.fn(), onDelete });
    await userEvent.click(screen.getByRole('button', { name: '删除分组“一号库”' }));
    await userEvent.click(await screen.findByRole('button', { name: '删 除' }));
    expect(await screen.findByText('该分组下还有看板，不能删除')).toBeInTheDocument();
    expect(selections).toEqual([]);
    expect(option(/一号库/)).toHaveAttribute('aria-selected', 'true');
  });

  it('says a failed delete without a server text', async () => {
    const onDelete = vi.fn(() => Promise.reject(new Error('network')));
    show(undefined, { onCreate: vi.fn(), onRename: vi.fn(), onDelete });
    await userEvent.click(screen.getByRole('button', { name: '删除分组“二号库”' }));
    await userEvent.click(await screen.findByRole('button', { name: '删 除' }));
    expect(await screen.findByText('分组删除失败')).toBeInTheDocument();
  });
});
