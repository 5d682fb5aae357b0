import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeIntersection } from '@/test/intersection';
import type { WireDocument } from '../model/types';
import { ScreenThumbnail, type ThumbnailScreen } from './screen-thumbnail';

const io = fakeIntersection();

const DOC = {
  schema_version: 1,
  canvas: { width: 1600, height: 900, background: { color: '#102030', image: null, fit: 'stretch' } },
  elements: [
    { id: 'temp', type: 'value', placement: { x: 100, y: 50, w: 200, h: 60 } },
    { id: 'trend', type: 'chart', placement: { x: 400, y: 200, w: 600, h: 300 } },
    { id: 'gone', type: 'rect', placement: { x: 0, y: 0, w: 10, h: 10 }, hidden: true },
  ],
} as unknown as WireDocument;

const drawn: ThumbnailScreen = { document: DOC, width: 1120, height: 630 };

describe('ScreenThumbnail', () => {
  beforeEach(() => {
    io.install();
  });
  afterEach(() => {
    io.restore();
  });

  it('draws nothing and asks for nothing before it is scrolled into view', () => {
    const onVisible = vi.fn();
    const { container } = render(<ScreenThumbnail name="主画面" screen={undefined} onVisible={onVisible} />);
    expect(screen.getByRole('img', { name: '主画面 的缩略图' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('thumbnail-skeleton')).toBeInTheDocument();
    expect(onVisible).not.toHaveBeenCalled();
    expect(container.querySelector('[data-element-id]')).toBeNull();
    expect(io.watched()).toBe(1);
  });

  it('asks once when seen, then draws the sheet scaled to fit with its visible elements in edit mode', async () => {
    // The thumbnail's box: 160 × 90, a tenth of the 1600 × 900 sheet.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 160,
      height: 90,
    } as DOMRect);
    const onVisible = vi.fn();
    const { container, rerender } = render(
      <ScreenThumbnail name="主画面" screen={undefined} onVisible={onVisible} />,
    );
    io.showAll();
    expect(onVisible).toHaveBeenCalledTimes(1);
    expect(io.watched()).toBe(0);
    expect(screen.getByTestId('thumbnail-skeleton')).toBeInTheDocument();
    rerender(<ScreenThumbnail name="主画面" screen={drawn} onVisible={onVisible} />);
    const value = await screen.findByText((_, el) => el?.getAttribute('data-element-id') === 'temp');
    expect(value).toBeInTheDocument();
    expect(container.querySelector('[data-element-id="gone"]')).toBeNull();
    const sheet = container.querySelector<HTMLElement>('.iot-screen__sheet')!;
    await waitFor(() => expect(sheet.style.transform).toBe('scale(0.1)'));
    expect(sheet.style.width).toBe('1600px');
    expect(sheet.style.backgroundColor).toBe('rgb(16, 32, 48)');
    expect(container.querySelector('.iot-thumb__screen')).toHaveAttribute('data-scale', '0.100');
    // The chart is its static sample (hidden from assistive technology with the whole drawing): no ECharts canvas.
    expect(container.querySelector('svg[aria-label="趋势图示例"]')).not.toBeNull();
    expect(container.querySelector('canvas')).toBeNull();
    expect(screen.getByRole('img', { name: '主画面 的缩略图' })).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the empty-screen placeholder for a document without elements, and "no screen" for none', () => {
    const empty = { ...drawn, document: { ...DOC, elements: [] } };
    const { rerender } = render(<ScreenThumbnail name="空的" screen={empty} />);
    io.showAll();
    expect(screen.getByText('空画面')).toBeInTheDocument();
    rerender(<ScreenThumbnail name="空的" screen={null} />);
    expect(screen.getByText('暂无画面')).toBeInTheDocument();
  });
});
