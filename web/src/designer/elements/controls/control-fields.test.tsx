import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { designElement } from '@/test/designer-controls';
import { DATA_SOURCES } from '../test/fixtures';
import { chartElement } from './chart';
import { gaugeElement } from './gauge';
import { setpointElement } from './setpoint';

// The fields the controls share (control-fields): each change is one settings patch of its own key.
describe('shared control fields', () => {
  it('stores the unit as typed', async () => {
    const user = userEvent.setup();
    const Form = gaugeElement.settingsForm;
    const element = designElement(gaugeElement);
    const onChange = vi.fn();
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={onChange} />);
    await user.type(screen.getByLabelText('单位'), 'kPa');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ settings: { ...element.settings, unit: 'kPa' } });
  });

  it('stores the decimals of a chart, a cleared one as null', async () => {
    const user = userEvent.setup();
    const Form = chartElement.settingsForm;
    const element = designElement(chartElement, { settings: { decimals: 2 } });
    const onChange = vi.fn();
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={onChange} />);
    await user.clear(screen.getByLabelText('小数位数'));
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ settings: { ...element.settings, decimals: null } });
  });

  it('stores a choice by its value', async () => {
    const user = userEvent.setup();
    const Form = gaugeElement.settingsForm;
    const element = designElement(gaugeElement);
    const onChange = vi.fn();
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={onChange} />);
    await user.click(screen.getByLabelText('指示方式'));
    await user.click(await screen.findByTitle('填充'));
    expect(onChange).toHaveBeenCalledWith({ settings: { ...element.settings, look: 'fill' } });
  });

  it('says under the password option what a control does on a device without that password', () => {
    const Form = setpointElement.settingsForm;
    const element = designElement(setpointElement, { settings: { password: 'device' } });
    render(<Form element={element} dataSources={DATA_SOURCES} onChange={vi.fn()} />);
    expect(
      screen.getByText('询问设备自身的控制密码；设备未设置时拒绝写入，不会只凭默认密码写入'),
    ).toBeInTheDocument();
  });
});
