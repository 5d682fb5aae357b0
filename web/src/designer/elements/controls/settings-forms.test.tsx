import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { designElement } from '@/test/designer-controls';
import { DATA_SOURCES } from '../test/fixtures';
import { buttonElement } from './button';
import { setpointElement } from './setpoint';

describe('setpoint settings', () => {
  const Form = setpointElement.settingsForm;

  it('stores each change as one settings patch, a cleared limit as null', async () => {
    const user = userEvent.setup();
    const element = designElement(setpointElement, { settings: { min: 0, max: 100 } });
    const onChange = vi.fn();
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={onChange} />);
    await user.clear(screen.getByLabelText('上限'));
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ settings: { ...element.settings, max: null } });
  });

  it('offers only writable data sources to write to', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Form
        element={designElement(setpointElement, { bound: [] })}
        dataSources={DATA_SOURCES}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByLabelText('写入的数据源'));
    expect(await screen.findByTitle('设定值')).toBeInTheDocument();
    expect(screen.queryByTitle('温度 (℃)')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('设定值'));
    expect(onChange).toHaveBeenCalledWith({ bindings: { value: { data_source_id: 2 } } });
  });

  it('says the lower limit must be below the upper one', () => {
    const element = designElement(setpointElement, { settings: { min: 150, max: 100 } });
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('下限必须小于上限');
  });
});

describe('button settings', () => {
  const Form = buttonElement.settingsForm;
  const screens = [
    { id: 11, name: '总览' },
    { id: 12, name: '泵房' },
  ];

  it('adds a jump to the template’s first screen, and changes its target', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const element = designElement(buttonElement, { settings: { mode: 'actions' } });
    const { rerender } = render(
      <Form element={element} dataSources={DATA_SOURCES} screens={screens} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: /添加动作/ }));
    expect(onChange).toHaveBeenLastCalledWith({ actions: [{ type: 'jump_screen', screen_id: 11 }] });

    const withJump = { ...element, actions: [{ type: 'jump_screen' as const, screen_id: 11 }] };
    rerender(<Form element={withJump} dataSources={DATA_SOURCES} screens={screens} onChange={onChange} />);
    await user.click(screen.getByLabelText('目标画面'));
    await user.click(await screen.findByTitle('泵房'));
    expect(onChange).toHaveBeenLastCalledWith({ actions: [{ type: 'jump_screen', screen_id: 12 }] });
  });

  it('says when a URL action is not a web address', () => {
    const element = designElement(buttonElement, {
      settings: { mode: 'actions' },
      actions: [{ type: 'open_url', url: 'ftp://x', new_tab: true }],
    });
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={() => {}} />);
    expect(screen.getByText('需要 https:// 开头的网页地址')).toBeInTheDocument();
  });

  it('asks for the value and the write rules in write mode, not for actions', () => {
    render(<Form element={designElement(buttonElement)} dataSources={DATA_SOURCES} onChange={() => {}} />);
    expect(screen.getByLabelText('写入的值')).toBeInTheDocument();
    expect(screen.getByLabelText('写入前确认')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加动作/ })).not.toBeInTheDocument();
  });
});
