import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { NameFormModal } from './name-form-modal';

function show(onSave: (name: string) => Promise<void>, onClose = vi.fn()) {
  render(
    <NameFormModal
      open
      title="重命名分类"
      name="test-name"
      label="名称"
      initialName="泵"
      maxLength={10}
      rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
      loading={false}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('NameFormModal', () => {
  it('saves the name trimmed, then closes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve());
    const onClose = show(onSave);
    await user.clear(screen.getByLabelText('名称'));
    await user.type(screen.getByLabelText('名称'), '  阀门 ');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(onSave).toHaveBeenCalledWith('阀门');
  });

  it('keeps the dialog open with the refusal shown when the save fails', async () => {
    const user = userEvent.setup();
    const onClose = show(() => Promise.reject(new Error('名称已存在')));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('名称已存在');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an empty name by its rules without saving', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve());
    show(onSave);
    await user.clear(screen.getByLabelText('名称'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
