import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '@/test/render';
import { GroupAddButton, GroupListHead, GroupListState, type GroupListStateProps } from './group-list';

function show(state: Pick<GroupListStateProps, 'loading' | 'error'>, onRetry = vi.fn()) {
  renderRoutes([
    {
      path: '/',
      element: (
        <GroupListState {...state} rows={3} failedText="分组加载失败" retryText="重新加载" onRetry={onRetry}>
          <ul aria-label="分组" />
        </GroupListState>
      ),
    },
  ]);
  return onRetry;
}

describe('GroupListState', () => {
  it('shows the list once loaded', () => {
    show({ loading: false, error: false });
    expect(screen.getByRole('list', { name: '分组' })).toBeInTheDocument();
  });

  it('shows neither list nor retry while loading', () => {
    show({ loading: true, error: false });
    expect(screen.queryByRole('list', { name: '分组' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新加载' })).not.toBeInTheDocument();
  });

  it('says the load failed and retries on request', async () => {
    const onRetry = show({ loading: false, error: true });
    expect(screen.getByText('分组加载失败')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '分组' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('GroupAddButton', () => {
  it('is named by its label and calls back', async () => {
    const onClick = vi.fn();
    renderRoutes([{ path: '/', element: <GroupAddButton label="新建分组" onClick={onClick} /> }]);
    await userEvent.click(screen.getByRole('button', { name: '新建分组' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('GroupListHead', () => {
  it('titles the list and offers the add button when the caller may add', async () => {
    const onAdd = vi.fn();
    renderRoutes([
      {
        path: '/',
        element: <GroupListHead block="group-box" title="分类" addLabel="新建分类" onAdd={onAdd} />,
      },
    ]);
    expect(screen.getByText('分类')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建分类' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('shows no add button when the caller may not add', () => {
    renderRoutes([
      { path: '/', element: <GroupListHead block="group-box" title="分类" addLabel="新建分类" /> },
    ]);
    expect(screen.getByText('分类')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建分类' })).not.toBeInTheDocument();
  });
});
