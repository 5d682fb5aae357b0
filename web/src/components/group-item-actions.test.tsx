import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '@/test/render';
import { GroupItemActions, type GroupItemActionsTexts } from './group-item-actions';

const texts: GroupItemActionsTexts = {
  edit: '编辑分组',
  editNamed: '编辑分组 车间',
  deleteConfirm: '删除分组“车间”？',
  deleteHint: '分组内的设备移到默认分组',
  delete: '删除',
  deleteNamed: '删除分组 车间',
};

function show(onEdit: () => void, onDelete?: () => void) {
  renderRoutes([
    { path: '/', element: <GroupItemActions texts={texts} onEdit={onEdit} onDelete={onDelete} /> },
  ]);
}

describe('GroupItemActions', () => {
  it('edits on the named edit button', async () => {
    const onEdit = vi.fn();
    show(onEdit, vi.fn());
    await userEvent.click(await screen.findByRole('button', { name: '编辑分组 车间' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('deletes only after the confirm', async () => {
    const onDelete = vi.fn();
    show(vi.fn(), onDelete);
    await userEvent.click(await screen.findByRole('button', { name: '删除分组 车间' }));
    expect(await screen.findByText('删除分组“车间”？')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '删 除' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('has no delete button when the group cannot be deleted', async () => {
    show(vi.fn());
    expect(await screen.findByRole('button', { name: '编辑分组 车间' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除分组 车间' })).not.toBeInTheDocument();
  });
});
