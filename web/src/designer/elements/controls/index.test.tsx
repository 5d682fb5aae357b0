import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { ELEMENT_TYPES } from '@/types/limits.gen';
import { designElement } from '@/test/designer';
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
  it('stores each change as one settings patch, a cleared limit as null', async () => {
    const element = designElement(setpointElement, { settings: { min: 0, max: 100 } });
    const onChange = vi.fn();
    const Form = setpointElement.settingsForm;
    render(<Form element={element} dataSources={[]} onChange={onChange} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: '上限' }), { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toEqual({ settings: { ...element.settings, max: null } });
  });

  it('says the lower limit must be below the upper one', async () => {
    const element = designElement(setpointElement, { settings: { min: 0, max: 100 } });
    const Form = setpointElement.settingsForm;
    render(<Form element={element} dataSources={[]} onChange={() => {}} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: '下限' }), { target: { value: '150' } });
    expect(await screen.findByText('下限必须小于上限')).toBeInTheDocument();
  });
});
