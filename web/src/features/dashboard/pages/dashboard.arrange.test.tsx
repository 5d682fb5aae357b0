// The dashboards page's copy, delete, move to a group and order within a group (by the card's menu or a drag).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import {
  MAKER_RIGHTS,
  OVERVIEW,
  PUMPS,
  SECRET,
  card,
  detail,
  dialogTitled,
  more,
  params,
  pick,
  renderPage,
  requests,
  summary,
} from './dashboard.fixtures';

beforeEach(() => {
  signInAs(MAKER_RIGHTS);
});

describe('DashboardPage: copy, delete and order', () => {
  it('copies a dashboard', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({
      'POST /yun/dashboard/copy': () => ok(detail(summary({ id: 20, name: '全厂总览 副本' }))),
    });
    await more(user, '全厂总览');
    await user.click(await screen.findByRole('menuitem', { name: '复制' }));
    await waitFor(() => expect(requests(calls, 'post', '/yun/dashboard/copy')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'post', '/yun/dashboard/copy')[0]!)).toEqual({ id: 11 });
    expect(await screen.findByText('已复制为“全厂总览 副本”')).toBeInTheDocument();
  });

  it('deletes a dashboard once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'DELETE /yun/dashboard': () => ok(null) });
    await more(user, '泵站监控');
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const confirm = await dialogTitled('删除看板“泵站监控”？');
    expect(requests(calls, 'delete', '/yun/dashboard')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(requests(calls, 'delete', '/yun/dashboard')).toHaveLength(1));
    expect(params(requests(calls, 'delete', '/yun/dashboard')[0]!)).toEqual({ id: 12 });
    expect(await screen.findByText('看板“泵站监控”已删除')).toBeInTheDocument();
  });

  it('moves a dashboard later within its group', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      {
        'PUT /yun/dashboard/reorder': (c) =>
          ok((bodyOf(c) as { ids: number[] }).ids.map((id) => ({ ...OVERVIEW, id }))),
      },
      '/dashboard?group_id=1',
    );
    await more(user, '全厂总览');
    expect(screen.queryByRole('menuitem', { name: '前移' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: '后移' }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard/reorder')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard/reorder')[0]!)).toEqual({
      group_id: 1,
      ids: [12, 11, 13],
    });
  });

  it('drops a dragged card onto another to put it there', async () => {
    const { calls } = renderPage(
      { 'PUT /yun/dashboard/reorder': () => ok([SECRET, OVERVIEW, PUMPS]) },
      '/dashboard?group_id=1',
    );
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    const secret = await card('能耗分析');
    const overview = await card('全厂总览');
    expect(secret).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(secret, { dataTransfer });
    fireEvent.dragEnter(overview, { dataTransfer });
    fireEvent.dragOver(overview, { dataTransfer });
    fireEvent.drop(overview, { dataTransfer });
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard/reorder')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard/reorder')[0]!)).toEqual({
      group_id: 1,
      ids: [13, 11, 12],
    });
  });

  it('offers no order in "all dashboards"', async () => {
    const user = userEvent.setup();
    renderPage();
    await more(user, '泵站监控');
    await screen.findByRole('menuitem', { name: '复制' });
    expect(screen.queryByRole('menuitem', { name: '前移' })).toBeNull();
    expect(await card('泵站监控')).not.toHaveAttribute('draggable');
    expect(screen.getByText('选择一个分组并清空搜索后可调整顺序')).toBeInTheDocument();
  });

  it('moves a dashboard to another group', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'PUT /yun/dashboard': () => ok(detail(OVERVIEW)) });
    await more(user, '全厂总览');
    await user.click(await screen.findByRole('menuitem', { name: '移动到分组' }));
    const d = await dialogTitled('移动看板“全厂总览”');
    await pick(user, within(d).getByRole('combobox'), '未分组');
    await user.click(within(d).getByRole('button', { name: /移\s*动/ }));
    await waitFor(() => expect(requests(calls, 'put', '/yun/dashboard')).toHaveLength(1));
    expect(bodyOf(requests(calls, 'put', '/yun/dashboard')[0]!)).toEqual({ id: 11, ungrouped: true });
  });
});
