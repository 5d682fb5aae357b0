import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '@/test/render';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import type { ScreenOut } from '../types';
import { ScreenFormModal } from './screen-form-modal';

const MOBILE: ScreenOut = {
  id: 5,
  template_id: 7,
  kind: 'mobile',
  name: '泵房',
  is_main: false,
  sort: 1,
  schema_version: 1,
  updated_at: 0,
  width: 480,
  height: 800,
  revision: 3,
  saved_at: 0,
};

function renderModal(handlers: Record<string, Handler>, mode: 'add' | 'edit' | 'copy') {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  renderRoutes([
    {
      path: '/',
      element: (
        <ScreenFormModal
          open
          mode={mode}
          templateId={7}
          kind="mobile"
          screen={mode === 'add' ? null : MOBILE}
          templateSize={{ width: 750, height: 1334 }}
          onClose={onClose}
        />
      ),
    },
  ]);
  return { calls, onClose };
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /保\s*存/ });

describe('screen dialog', () => {
  it('adds a mobile screen of the template size unless another is chosen', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = renderModal(
      { 'POST /yun/module/view': () => ok({ ...MOBILE, id: 6 }) },
      'add',
    );
    const dialog = await screen.findByRole('dialog', { name: '新增手机画面' });
    expect(within(dialog).getByRole('combobox', { name: '画布尺寸' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('画面名称'), ' 总貌 ');
    await user.click(save(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(calls[0]!)).toEqual({
      template_id: 7,
      kind: 'mobile',
      name: '总貌',
      width: 750,
      height: 1334,
    });
  });

  it('edits the name and keeps the size the screen has', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = renderModal({ 'PUT /yun/module/view': () => ok(MOBILE) }, 'edit');
    const dialog = await screen.findByRole('dialog', { name: '编辑画面' });
    const name = within(dialog).getByLabelText('画面名称');
    expect(name).toHaveValue('泵房');
    await user.clear(name);
    await user.type(name, '泵房一');
    await user.click(save(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(calls[0]!)).toEqual({ id: 5, name: '泵房一', width: 480, height: 800 });
  });

  it('shows a refused name next to the field and stays open', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal(
      { 'POST /yun/module/view/copy': () => fail('115204', '画面名称已存在', 'name') },
      'copy',
    );
    const dialog = await screen.findByRole('dialog', { name: '复制画面“泵房”' });
    await user.click(save(dialog));
    expect(await within(dialog).findByText('画面名称已存在')).toBeInTheDocument();
    expect(within(dialog).getByText('画面名称已存在').closest('.ant-form-item')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
