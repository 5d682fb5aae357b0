import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { drawElement } from '@/test/designer-controls';
import { gaugeElement } from './gauge';

const needle = () => screen.getByTestId('gauge-needle');

describe('gauge', () => {
  it('turns its needle with the value and shows it with decimals and unit', () => {
    const { push } = drawElement(gaugeElement, {
      settings: { min: 0, max: 200, decimals: 1, unit: 'kPa' },
      values: { value: 100 },
    });
    expect(needle()).toHaveAttribute('data-angle', '0');
    expect(needle()).toHaveAttribute('transform', 'rotate(0 50 52)');
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('100.0 kPa');
    push({ value: 50 });
    expect(needle()).toHaveAttribute('data-angle', '-67.5');
    push({ value: 150 });
    expect(needle()).toHaveAttribute('data-angle', '67.5');
  });

  it('clamps the needle at the ends of the scale', () => {
    const { push } = drawElement(gaugeElement, { settings: { min: 0, max: 100 }, values: { value: -40 } });
    expect(needle()).toHaveAttribute('data-angle', '-135');
    push({ value: 1000 });
    expect(needle()).toHaveAttribute('data-angle', '135');
    // The text still says the real value: the scale is full, the reading is not hidden.
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('1000.0');
  });

  it('fills the arc in the colour of the band the value is in', () => {
    drawElement(gaugeElement, {
      settings: {
        look: 'fill',
        bands: [
          { from: 0, to: 80, color: '#00B42A' },
          { from: 80, to: 100, color: '#F53F3F' },
        ],
      },
      values: { value: 90 },
    });
    expect(screen.queryByTestId('gauge-needle')).not.toBeInTheDocument();
    expect(screen.getByTestId('gauge-fill')).toHaveAttribute('stroke', '#F53F3F');
    expect(screen.getAllByTestId('gauge-band')).toHaveLength(2);
  });

  it('shows a sample reading in the editor, whatever the values', () => {
    drawElement(gaugeElement, { mode: 'edit', settings: { min: 0, max: 100 }, values: { value: 5 } });
    expect(needle()).toHaveAttribute('data-angle', String(-135 + 0.6 * 270));
  });
});
