import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { AggregationColor } from 'antd/es/color-picker/color';

import { fontFamily } from '@/lib/theme';

import { DATA_SOURCES, makeElement } from '../test/fixtures';
import {
  BindingField,
  colourValue,
  committedNumber,
  FontField,
  cssFont,
  formatFont,
  NumberField,
  parseFont,
  settingsPatch,
  TextField,
} from '.';
import { bindingsPatch } from './use-setting-patch';

describe('committedNumber', () => {
  it('clamps into the range', () => {
    expect(committedNumber(5000, { min: 0.01, max: 1000 })).toBe(1000);
    expect(committedNumber(-3, { min: 0.01, max: 1000 })).toBe(0.01);
    expect(committedNumber(2.5, { min: 0.01, max: 1000 })).toBe(2.5);
  });

  it('gives the empty value for a cleared input, else null', () => {
    expect(committedNumber(null, { emptyValue: 0.01 })).toBe(0.01);
    expect(committedNumber(null, {})).toBeNull();
  });
});

describe('NumberField', () => {
  it('commits once on blur, not on every keystroke', async () => {
    const onChange = vi.fn();
    render(<NumberField label="宽度" value={10} min={0} max={100} onChange={onChange} />);
    const input = screen.getByLabelText('宽度');
    await userEvent.clear(input);
    await userEvent.type(input, '42');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(42);
  });

  it('commits the empty value when cleared', async () => {
    const onChange = vi.fn();
    render(
      <NumberField label="频率" value={0.5} min={0.01} max={1000} emptyValue={0.01} onChange={onChange} />,
    );
    await userEvent.clear(screen.getByLabelText('频率'));
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(0.01);
  });
});

describe('TextField', () => {
  it('commits on Enter', async () => {
    const onChange = vi.fn();
    render(<TextField label="文本" value="" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('文本'), '泵站{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('泵站');
  });
});

describe('BindingField', () => {
  it('shows a binding whose data source is gone as broken, and clears it', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <BindingField
        label="数据源"
        value={{ data_source_id: 9 }}
        dataSources={DATA_SOURCES}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('已删除的数据源 #9')).toBeInTheDocument();
    expect(screen.getByText('绑定的数据源已删除，发布时会被拒绝')).toBeInTheDocument();
    const clear = container.querySelector('.ant-select-clear');
    expect(clear).not.toBeNull();
    await userEvent.click(clear!);
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('binds the chosen data source by id', async () => {
    const onChange = vi.fn();
    render(<BindingField label="数据源" value={undefined} dataSources={DATA_SOURCES} onChange={onChange} />);
    expect(screen.queryByText(/已删除/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('数据源'));
    await userEvent.click(await screen.findByText('温度 (℃)'));
    expect(onChange).toHaveBeenCalledWith({ data_source_id: 1 });
  });

  it('offers only writable sources to a control', async () => {
    render(
      <BindingField
        label="数据源"
        value={undefined}
        dataSources={DATA_SOURCES}
        writableOnly
        onChange={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByLabelText('数据源'));
    expect(await screen.findByText('设定值')).toBeInTheDocument();
    expect(screen.queryByText('温度 (℃)')).not.toBeInTheDocument();
  });
});

describe('patches', () => {
  it('replaces one setting and keeps the others', () => {
    const element = makeElement('text', { settings: { text: 'a', color: '#000' } });
    expect(settingsPatch(element, 'text', 'b')).toEqual({ settings: { text: 'b', color: '#000' } });
    expect(settingsPatch(element, 'color', undefined)).toEqual({ settings: { text: 'a' } });
    expect(element.settings).toEqual({ text: 'a', color: '#000' });
  });

  it('binds and unbinds one key', () => {
    const element = makeElement('value', { bindings: { value: { data_source_id: 1 } } });
    expect(bindingsPatch(element, 'alarm', { data_source_id: 2 })).toEqual({
      bindings: { value: { data_source_id: 1 }, alarm: { data_source_id: 2 } },
    });
    expect(bindingsPatch(element, 'value', null)).toEqual({ bindings: {} });
  });
});

describe('font', () => {
  it('round-trips the shorthand', () => {
    const parts = { italic: true, bold: true, size: 16, family: 'monospace' };
    expect(formatFont(parts)).toBe('italic bold 16px monospace');
    expect(parseFont('italic bold 16px monospace')).toEqual(parts);
  });

  it('falls back to the default for a foreign font', () => {
    expect(parseFont('larger cursive')).toEqual({
      italic: false,
      bold: false,
      size: 14,
      family: 'sans-serif',
    });
    expect(parseFont(null).size).toBe(14);
  });

  it('draws the stored family with the console stack, the symbol font first (issue 30 defect 3)', () => {
    expect(cssFont('16px sans-serif')).toBe(`16px ${fontFamily}`);
    expect(cssFont('italic bold 20px serif')).toBe("italic bold 20px 'Iotyun Symbols', serif");
    expect(cssFont('12px monospace')).toBe("12px 'Iotyun Symbols', monospace");
    expect(fontFamily.startsWith("'Iotyun Symbols',")).toBe(true);
    expect(cssFont('larger cursive')).toBe('larger cursive');
  });
});

describe('FontField', () => {
  it('commits a typed size once, and toggles bold at once', async () => {
    const onChange = vi.fn();
    render(<FontField label="字体" value="14px serif" onChange={onChange} />);
    const size = screen.getByLabelText('字号');
    await userEvent.clear(size);
    await userEvent.type(size, '18');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('18px serif');
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    expect(onChange).toHaveBeenLastCalledWith('bold 14px serif');
  });
});

describe('colourValue', () => {
  it('is the hex of a picked colour, with alpha when translucent, and null when cleared', () => {
    expect(colourValue(new AggregationColor('#ff0000'))).toBe('#ff0000');
    expect(colourValue(new AggregationColor('rgba(255, 0, 0, 0.5)'))).toBe('#ff000080');
    const cleared = new AggregationColor('#ff0000');
    cleared.cleared = true;
    expect(colourValue(cleared)).toBeNull();
  });
});
