import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { RowActions, splitActions, type RowAction } from './row-actions';

describe('splitActions', () => {
  it('shows the first actions that may be links and puts the rest in the menu', () => {
    const actions: { key: string; menu?: boolean }[] = [
      { key: 'a' },
      { key: 'b', menu: true },
      { key: 'c' },
      { key: 'd' },
    ];
    const { shown, more } = splitActions(actions, 2);
    expect(shown.map((a) => a.key)).toEqual(['a', 'c']);
    expect(more.map((a) => a.key)).toEqual(['b', 'd']);
    expect(splitActions<{ key: string; menu?: boolean }>([{ key: 'a' }], 2)).toEqual({
      shown: [{ key: 'a' }],
      more: [],
    });
  });
});

function renderActions(actions: (RowAction | false)[]) {
  render(
    <MemoryRouter>
      <AntApp>
        <RowActions actions={actions} moreLabel="更多操作" />
      </AntApp>
    </MemoryRouter>,
  );
}

describe('RowActions', () => {
  it('renders links, leaves out conditional actions and lists the rest in the menu', async () => {
    const edit = vi.fn();
    const quota = vi.fn();
    renderActions([
      { key: 'edit', label: '编辑', onClick: edit },
      false,
      { key: 'open', label: '打开', to: '/x' },
      { key: 'quota', label: '配额', onClick: quota },
    ]);
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    expect(edit).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: '打开' })).toHaveAttribute('href', '/x');
    expect(screen.queryByText('配额')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '更多操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '配额' }));
    expect(quota).toHaveBeenCalledOnce();
  });

  it('asks before a confirmed action and runs it on OK only', async () => {
    const remove = vi.fn();
    renderActions([
      { key: 'edit', label: '编辑' },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        menu: true,
        confirm: { title: '删除 IOT01？', okText: '删除' },
        onClick: remove,
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: '更多操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除 IOT01？');
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => {
      expect(remove).toHaveBeenCalledOnce();
    });
  });

  it('has no menu when every action is a link', () => {
    renderActions([{ key: 'edit', label: '编辑' }]);
    expect(screen.queryByRole('button', { name: '更多操作' })).not.toBeInTheDocument();
  });
});
