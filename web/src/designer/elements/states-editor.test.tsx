import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { ElementStates, Flicker } from '../model/types';
import { FlickerField } from './flicker-field';
import { StatesEditor } from './states-editor';
import { defaultStates } from './states-edit';

function Editor({ initial, spy }: { initial: ElementStates; spy: (states: ElementStates) => void }) {
  const [states, setStates] = useState(initial);
  return (
    <StatesEditor
      states={states}
      onChange={(next) => {
        spy(next);
        setStates(next);
      }}
    />
  );
}

describe('StatesEditor', () => {
  it('adds, duplicates, moves and removes states, never below two', async () => {
    const spy = vi.fn<(states: ElementStates) => void>();
    render(<Editor initial={defaultStates()} spy={spy} />);
    expect(screen.getByRole('button', { name: '删除状态 1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /添加状态（2\/255）/ }));
    expect(spy.mock.lastCall?.[0].items).toHaveLength(3);
    expect(screen.getByRole('button', { name: '删除状态 1' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: '复制状态 2' }));
    expect(spy.mock.lastCall?.[0].items).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: '上移状态 2' }));
    expect(spy.mock.lastCall?.[0].items[0]?.min).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: '删除状态 4' }));
    expect(spy.mock.lastCall?.[0].items).toHaveLength(3);
  });

  it('edits the open state’s text and range', async () => {
    const spy = vi.fn<(states: ElementStates) => void>();
    render(<Editor initial={defaultStates()} spy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: /^状态 2/ }));
    await userEvent.type(screen.getByLabelText('文本'), '运行{Enter}');
    expect(spy.mock.lastCall?.[0].items[1]?.text).toBe('运行');
    expect(screen.getByRole('button', { name: '状态 2 · 运行' })).toBeInTheDocument();
    const min = screen.getByLabelText('最小值（含）');
    await userEvent.clear(min);
    await userEvent.type(min, '5');
    await userEvent.tab();
    expect(spy.mock.lastCall?.[0].items[1]?.min).toBe(5);
  });

  it('switches to bits', async () => {
    const spy = vi.fn<(states: ElementStates) => void>();
    render(<Editor initial={defaultStates()} spy={spy} />);
    await userEvent.click(screen.getByLabelText('切换依据'));
    await userEvent.click(await screen.findByText('按位'));
    expect(spy.mock.lastCall?.[0]).toMatchObject({ by: 'bit', items: [{ bit: 0 }, { bit: 1 }] });
    expect(screen.getByLabelText('位（0–63）')).toHaveValue('0');
  });
});

describe('FlickerField', () => {
  function Field({ initial, spy }: { initial: Flicker; spy: (flicker: Flicker) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <FlickerField
        value={value}
        onChange={(next) => {
          spy(next);
          setValue(next);
        }}
      />
    );
  }

  it('shows -- and disables the period for none', () => {
    render(<Field initial={{ flickerType: 'none', flickerFrequency: 0.5 }} spy={vi.fn()} />);
    const period = screen.getByLabelText('闪烁频率');
    expect(period).toBeDisabled();
    expect(period).toHaveValue('');
    expect(period).toHaveAttribute('placeholder', '--');
  });

  it('turns a cleared period into 0.01 and clamps one too long', async () => {
    const spy = vi.fn<(flicker: Flicker) => void>();
    render(<Field initial={{ flickerType: 'text', flickerFrequency: 0.5 }} spy={spy} />);
    const period = screen.getByLabelText('闪烁频率');
    expect(period).toHaveValue('0.5');
    await userEvent.clear(period);
    await userEvent.tab();
    expect(spy).toHaveBeenLastCalledWith({ flickerType: 'text', flickerFrequency: 0.01 });
    await userEvent.clear(period);
    await userEvent.type(period, '5000');
    await userEvent.tab();
    expect(spy).toHaveBeenLastCalledWith({ flickerType: 'text', flickerFrequency: 1000 });
  });

  it('changes the type', async () => {
    const spy = vi.fn<(flicker: Flicker) => void>();
    render(<Field initial={{ flickerType: 'none', flickerFrequency: 0.5 }} spy={spy} />);
    await userEvent.click(screen.getByLabelText('闪烁类型'));
    expect(await screen.findByText('文字闪烁')).toBeInTheDocument();
    await userEvent.click(await screen.findByText('背景闪烁'));
    expect(spy).toHaveBeenLastCalledWith({ flickerType: 'background', flickerFrequency: 0.5 });
    expect(screen.getByLabelText('闪烁频率')).toBeEnabled();
  });
});
