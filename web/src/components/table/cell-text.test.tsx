import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CellText } from './cell-text';

function widths(scroll: number, client: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
}

describe('CellText', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the whole value in a tooltip when the text is cut, and drops it when the pointer leaves', async () => {
    widths(240, 120);
    render(<CellText tooltip="a long alias in full">a long alias</CellText>);
    fireEvent.pointerEnter(screen.getByText('a long alias'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('a long alias in full');
    fireEvent.pointerLeave(screen.getByText('a long alias'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows no tooltip for a text that fits', () => {
    widths(80, 120);
    render(<CellText>short</CellText>);
    fireEvent.pointerEnter(screen.getByText('short'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('greys a secondary line', () => {
    render(<CellText secondary>note</CellText>);
    expect(screen.getByText('note')).toHaveClass('cell-text', 'cell-text--secondary');
  });
});
