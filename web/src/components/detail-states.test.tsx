import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/http';
import { renderRoutes } from '@/test/render';
import { detailState, type DetailStateOptions } from './detail-states';

const texts = {
  notFound: '没有',
  notFoundHint: '已删除',
  loadFailed: '加载失败',
  backToList: '回到列表',
  retry: '重试',
};

function show(over: Partial<DetailStateOptions>) {
  const onBack = vi.fn();
  const refetch = vi.fn();
  const state = detailState({
    query: { data: undefined, isError: false, error: null, refetch },
    valid: true,
    notFoundCode: '110506',
    texts,
    onBack,
    backButton: null,
    ...over,
  });
  renderRoutes([{ path: '/', element: <>{state}</> }]);
  return { onBack, refetch, state };
}

describe('detailState', () => {
  it('says not found for an address that names no record, and goes back', async () => {
    const { onBack } = show({ valid: false });
    expect(screen.getByText('没有')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '回到列表' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('shows the server reason of a failed load and retries', async () => {
    const refetch = vi.fn();
    show({
      query: {
        data: undefined,
        isError: true,
        error: new ApiError({ code: '100002', detail: '服务器忙' }),
        refetch,
      },
    });
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器忙')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('is nothing once the record is in', () => {
    const { state } = show({ query: { data: { id: 1 }, isError: false, error: null, refetch: vi.fn() } });
    expect(state).toBeNull();
  });
});
