// The text card: its text in the size set, drawn smaller when it overflows the card, never below 10 px.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { mockApi } from '@/test/mock-api';
import { card, dashboardOf, renderDashboard } from '../../test-fixtures';
import { fitFontSize, FONT_SIZE_VAR, TEXT_FIT_MIN } from './fit-text';

describe('fitFontSize', () => {
  it('keeps the size set when the text fits at it', () => {
    expect(fitFontSize(24, 10, () => true)).toBe(24);
  });

  it('finds the largest whole size that fits', () => {
    const asked: number[] = [];
    const size = fitFontSize(48, 10, (px) => {
      asked.push(px);
      return px <= 21;
    });
    expect(size).toBe(21);
    // A halving search, not every size from 48 down.
    expect(asked.length).toBeLessThan(8);
  });

  it('stops at the floor when nothing fits, and keeps a size set below it', () => {
    expect(fitFontSize(48, 10, () => false)).toBe(10);
    expect(fitFontSize(8, 8, () => false)).toBe(8);
  });
});

/** jsdom lays nothing out: a text card of `box` px high whose text takes `lines` lines of 1.3 × its font size. */
function layOut(box: number, lines: number) {
  const text = (node: HTMLElement) => node.classList.contains('dbw-text');
  const fontSize = (node: HTMLElement) => Number.parseFloat(node.style.getPropertyValue(FONT_SIZE_VAR));
  const restore: (() => void)[] = [];
  const define = (
    name: 'clientHeight' | 'clientWidth' | 'scrollHeight' | 'scrollWidth',
    value: (n: HTMLElement) => number,
  ) => {
    // jsdom defines these on Element.prototype: the text's own are put in front of them on HTMLElement's.
    const original = Object.getOwnPropertyDescriptor(Element.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return text(this) ? value(this) : (original?.get?.call(this) as number);
      },
    });
    restore.push(() => {
      Reflect.deleteProperty(HTMLElement.prototype, name);
    });
  };
  define('clientWidth', () => 300);
  define('scrollWidth', () => 300);
  define('clientHeight', () => box);
  define('scrollHeight', (n) => Math.max(box, Math.ceil(lines * 1.3 * fontSize(n))));
  return () => {
    for (const undo of restore) undo();
  };
}

let undoLayout: (() => void) | null = null;

afterEach(() => {
  undoLayout?.();
  undoLayout = null;
});

const textOf = async (text: string) => {
  const node = await screen.findByText(text);
  return () => node.style.getPropertyValue(FONT_SIZE_VAR);
};

describe('the text widget', () => {
  it('draws a text that fits in the size set', async () => {
    mockApi({});
    undoLayout = layOut(100, 2);
    renderDashboard(dashboardOf([card('t', 'text', { text: '一号车间', font_size: 24, align: 'center' })]));
    const size = await textOf('一号车间');
    // 2 lines of 31.2 px fit 100 px.
    expect(size()).toBe('24px');
  });

  it('shrinks a text that overflows its card until it fits', async () => {
    mockApi({});
    undoLayout = layOut(100, 4);
    renderDashboard(
      dashboardOf([card('t', 'text', { text: '二号车间产量日报', font_size: 48, align: 'left' })]),
    );
    const size = await textOf('二号车间产量日报');
    // 4 lines at 19 px take 98.8 px, at 20 px 104 px.
    await waitFor(() => expect(size()).toBe('19px'));
  });

  it(`never draws it below ${String(TEXT_FIT_MIN)} px`, async () => {
    mockApi({});
    undoLayout = layOut(40, 30);
    renderDashboard(dashboardOf([card('t', 'text', { text: '很长的说明', font_size: 36, align: 'left' })]));
    const size = await textOf('很长的说明');
    await waitFor(() => expect(size()).toBe(`${String(TEXT_FIT_MIN)}px`));
  });
});
