import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { drawElement } from '@/test/designer-controls';
import { buttonElement } from './button';
import { setpointElement } from './setpoint';
import { switchElement } from './switch';

const open = { can_operate: true, user_can_write: true, device_can_write: true, online: true };

describe('switch', () => {
  it('is inert in the editor: a click writes nothing', () => {
    const { onWrite } = drawElement(switchElement, { mode: 'edit', values: { value: 1 } });
    fireEvent.click(screen.getByRole('switch'));
    expect(onWrite).not.toHaveBeenCalled();
    // The editor draws the off look whatever a sample value says.
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('writes the off value when on and the on value when off, under its binding key', () => {
    const { onWrite, push } = drawElement(switchElement, {
      settings: { on_value: 5, off_value: 2 },
      values: { value: 5 },
    });
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('开')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch'));
    expect(onWrite).toHaveBeenLastCalledWith('value', 2);
    push({ value: 2 });
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(screen.getByRole('switch'));
    expect(onWrite).toHaveBeenLastCalledWith('value', 5);
  });

  it('writes nothing and says why when the device is offline or the data item unbound', async () => {
    const offline = drawElement(switchElement, { values: { value: 0 }, access: { ...open, online: false } });
    expect(screen.getByRole('switch')).toHaveAttribute('title', '离线设备不能编辑');
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('离线设备不能编辑', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(offline.onWrite).not.toHaveBeenCalled();
    offline.unmount();

    const unbound = drawElement(switchElement, { bound: [], access: open });
    expect(screen.getByRole('switch')).toHaveAttribute('title', '数据项未绑定');
    fireEvent.click(screen.getByRole('switch'));
    expect(unbound.onWrite).not.toHaveBeenCalled();
  });
});

describe('button', () => {
  it('is inert in the editor', () => {
    const { onWrite, onAction } = drawElement(buttonElement, {
      mode: 'edit',
      actions: [{ type: 'jump_screen', screen_id: 4 }],
    });
    fireEvent.click(screen.getByRole('button', { name: '按钮' }));
    expect(onWrite).not.toHaveBeenCalled();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('writes its fixed value, a number or a text', () => {
    const numeric = drawElement(buttonElement, { settings: { text: '启动', value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '启动' }));
    expect(numeric.onWrite).toHaveBeenCalledWith('value', 3);
    numeric.unmount();
    const text = drawElement(buttonElement, { settings: { text: '复位', value: 'RESET' } });
    fireEvent.click(screen.getByRole('button', { name: '复位' }));
    expect(text.onWrite).toHaveBeenCalledWith('value', 'RESET');
  });

  it('runs every action in order in actions mode, and writes nothing', () => {
    const { onWrite, onAction } = drawElement(buttonElement, {
      mode: 'preview',
      settings: { mode: 'actions' },
      actions: [
        { type: 'jump_screen', screen_id: 4 },
        { type: 'open_url', url: 'https://example.com', new_tab: true },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: '按钮' }));
    expect(onAction.mock.calls).toEqual([[0], [1]]);
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('asks for confirmation when set, and writes only on OK', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(buttonElement, { settings: { value: 7, confirm: true } });
    await user.click(screen.getByRole('button', { name: '按钮' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定写入 7 吗？')).toBeInTheDocument();
    expect(onWrite).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(onWrite).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '按钮' }));
    // The cancelled dialog may still be closing (antd's animation): the new one is the last.
    await waitFor(() => expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(2));
    const again = screen.getAllByRole('dialog', { hidden: true }).at(-1)!;
    await user.click(within(again).getByRole('button', { name: /写\s*入/, hidden: true }));
    await waitFor(() => expect(onWrite).toHaveBeenCalledWith('value', 7));
  });
});

describe('setpoint input', () => {
  const range = { min: 0, max: 100, decimals: 1, unit: '℃' };

  it('is inert in the editor: Enter and its button write nothing', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(setpointElement, {
      mode: 'edit',
      settings: range,
      values: { value: 20 },
    });
    expect(screen.getByTestId('setpoint-current')).toHaveTextContent('-');
    const input = screen.getByRole('spinbutton', { name: '设定值' });
    expect(input).toHaveAttribute('readonly');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /下\s*发/ }));
    await user.keyboard('{Enter}');
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('shows the current value and writes the typed one on Enter and on its button', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(setpointElement, { settings: range, values: { value: 21.26 } });
    expect(screen.getByTestId('setpoint-current')).toHaveTextContent('21.3 ℃');
    const input = screen.getByRole('spinbutton', { name: '设定值' });
    await user.type(input, '42.5{Enter}');
    await waitFor(() => expect(onWrite).toHaveBeenCalledWith('value', 42.5));
    await user.type(input, '12.34');
    await user.click(screen.getByRole('button', { name: /下\s*发/ }));
    await waitFor(() => expect(onWrite).toHaveBeenLastCalledWith('value', 12.3));
  });

  it('refuses a value out of range with a message', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(setpointElement, { settings: range, values: { value: 20 } });
    await user.type(screen.getByRole('spinbutton', { name: '设定值' }), '150{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入 0 到 100 之间的值');
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('refuses every write while its lower limit is above the upper one', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(setpointElement, { settings: { ...range, min: 80, max: 20 } });
    await user.type(screen.getByRole('spinbutton', { name: '设定值' }), '50{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('下限必须小于上限');
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('asks for confirmation with the value and unit when set', async () => {
    const user = userEvent.setup();
    const { onWrite } = drawElement(setpointElement, { settings: { ...range, confirm: true } });
    await user.type(screen.getByRole('spinbutton', { name: '设定值' }), '30{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定写入 30 ℃ 吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    await waitFor(() => expect(onWrite).toHaveBeenCalledWith('value', 30));
  });
});
