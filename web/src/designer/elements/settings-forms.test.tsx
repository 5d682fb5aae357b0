import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { DesignElement } from '../model/types';
import { linkElement } from './display/link';
import { valueElement } from './display/value';
import { textElement } from './display/text';
import { DATA_SOURCES, makeElement } from './test/fixtures';
import type { ElementDefinition, ScreenOption, SettingsFormProps } from './types';

type Patch = Parameters<SettingsFormProps['onChange']>[0];

function openForm(
  definition: ElementDefinition,
  screens?: readonly ScreenOption[],
  change: Partial<DesignElement> = {},
) {
  const spy = vi.fn<(patch: Patch) => void>();
  function Form() {
    const [element, setElement] = useState(
      makeElement(definition.type, { settings: definition.defaultSettings(), ...change }),
    );
    const Settings = definition.settingsForm;
    return (
      <Settings
        element={element}
        dataSources={DATA_SOURCES}
        screens={screens}
        onChange={(patch) => {
          spy(patch);
          setElement({ ...element, ...patch });
        }}
      />
    );
  }
  render(<Form />);
  return spy;
}

describe('settings forms', () => {
  it('binds a value display and takes the source’s unit and decimals in the same step', async () => {
    const spy = openForm(valueElement);
    await userEvent.click(screen.getByLabelText('数据源'));
    await userEvent.click(await screen.findByText('温度 (℃)'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.lastCall?.[0]).toMatchObject({
      bindings: { value: { data_source_id: 1 } },
      settings: { unit: '℃', decimals: 1 },
    });
    expect(screen.getByLabelText('单位')).toHaveValue('℃');
  });

  it('turns a text’s states on with two, and off again', async () => {
    const spy = openForm(textElement);
    expect(screen.queryByRole('region', { name: '状态' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('使用状态'));
    expect(spy.mock.lastCall?.[0].states?.items).toHaveLength(2);
    expect(screen.getByRole('region', { name: '状态' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('使用状态'));
    expect(spy.mock.lastCall?.[0]).toEqual({ states: null });
  });

  it('points a link at a screen of the template, as a pop-up', async () => {
    const spy = openForm(linkElement, [
      { id: 3, name: '总览' },
      { id: 4, name: '泵房' },
    ]);
    await userEvent.click(screen.getByLabelText('目标画面'));
    await userEvent.click(await screen.findByText('泵房'));
    expect(spy.mock.lastCall?.[0]).toEqual({ actions: [{ type: 'jump_screen', screen_id: 4 }] });
    await userEvent.click(screen.getByLabelText('动作类型'));
    await userEvent.click(await screen.findByText('弹出画面'));
    expect(spy.mock.lastCall?.[0]).toEqual({ actions: [{ type: 'open_popup', screen_id: 4 }] });
  });

  it('asks for a screen id when the template’s screens are not given, and keeps other actions', async () => {
    const other = { type: 'open_url' as const, url: 'https://example.com', new_tab: true };
    const spy = openForm(linkElement, undefined, { actions: [{ type: 'jump_screen', screen_id: 2 }, other] });
    const id = screen.getByLabelText('目标画面 ID');
    expect(id).toHaveValue('2');
    await userEvent.clear(id);
    await userEvent.type(id, '9');
    await userEvent.tab();
    expect(spy.mock.lastCall?.[0]).toEqual({ actions: [{ type: 'jump_screen', screen_id: 9 }, other] });
  });
});
