import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { ELEMENT_TYPES } from '@/types/limits.gen';
import { designElement } from '@/test/designer';
import { DATA_SOURCES } from '../test/fixtures';
import { CONTROL_ELEMENTS } from './index';
import { setpointElement } from './setpoint';

describe('CONTROL_ELEMENTS', () => {
  it('registers the six control and chart types the server knows, once each', () => {
    const types = CONTROL_ELEMENTS.map((d) => d.type);
    expect(types).toEqual(['switch', 'button', 'input', 'gauge', 'chart', 'alarm_list']);
    for (const type of types) expect(ELEMENT_TYPES).toContain(type);
  });

  it('names each in zh and en, and keeps its settings within the document’s key rule', () => {
    for (const definition of CONTROL_ELEMENTS) {
      expect(i18n.getFixedT('zh')(definition.i18nKey)).not.toBe(definition.i18nKey);
      expect(i18n.getFixedT('en')(definition.i18nKey)).not.toBe(definition.i18nKey);
      for (const key of [...Object.keys(definition.defaultSettings()), ...definition.bindingKeys])
        expect(key).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
    }
  });
});

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
