import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { DesignElement, ElementStates } from '../../model/types';
import { AlarmIcon, hasAlarm } from '../alarm-icon';
import { elementState, resolveState } from '../states';
import { bound, makeElement } from '../test/fixtures';
import type { BoundValue, ElementDefinition, RenderMode } from '../types';
import { clockListeners } from './clock';
import { conditionColour, readConditions } from './conditions';
import { frameSandbox } from '@/lib/frame-sandbox';
import { frameUrl, iframeElement } from './iframe';
import { imageElement } from './image';
import { indicatorElement } from './indicator';
import { linkElement } from './link';
import { symbolElement } from './symbol';
import { levelOf, tankElement } from './tank';
import { textElement } from './text';
import { timeElement } from './time';
import { formatDisplay, valueElement } from './value';
import { VideoSourceContext } from './video-source';
import { videoElement } from './video';

function draw(
  definition: ElementDefinition,
  change: Partial<DesignElement> = {},
  mode: RenderMode = 'runtime',
  values: Record<string, BoundValue> = {},
  onAction?: (index: number) => void,
) {
  const element = makeElement(definition.type, {
    ...change,
    settings: { ...definition.defaultSettings(), ...change.settings },
    states: change.states ?? definition.defaultStates?.() ?? null,
  });
  const Component = definition.component;
  return render(
    <Component
      element={element}
      mode={mode}
      values={values}
      state={elementState(element, values)}
      onAction={onAction}
    />,
  );
}

const twoStates: ElementStates = {
  by: 'value',
  items: [
    { max: 1, text: '停止', backgroundColor: '#c9cdd4', isUnderline: false },
    {
      min: 1,
      text: '运行',
      backgroundColor: '#00b42a',
      fontColor: '#ffffff',
      isUnderline: true,
      flicker: { flickerType: 'background', flickerFrequency: 2 },
    },
  ],
};

describe('fonts', () => {
  it('draws a stored sans-serif with the symbol font first, never the bare generic (issue 30 defect 3)', () => {
    const { container } = draw(textElement, { settings: { text: '71.2 ℃', font: '40px sans-serif' } });
    const box = container.querySelector<HTMLElement>('[style]');
    expect(box?.style.fontFamily.replace(/["']/g, '')).toMatch(/^Iotyun Symbols, /);
  });
});

describe('value display', () => {
  it('formats the unit and the decimals', () => {
    expect(formatDisplay(12.345, 1, '℃')).toBe('12.3 ℃');
    expect(formatDisplay(12, 2, '')).toBe('12.00');
    expect(formatDisplay(12.345, null, 'm')).toBe('12.345 m');
    expect(formatDisplay('open', 2, 'm')).toBe('open m');
    expect(formatDisplay(null, 1, '℃')).toBe('-');
    expect(formatDisplay('', 1, '℃')).toBe('-');
  });

  it('shows the bound value with its unit and decimals at runtime', () => {
    draw(valueElement, { settings: { unit: 'MPa', decimals: 2 } }, 'runtime', { value: bound(0.8249) });
    expect(screen.getByText('0.82 MPa')).toBeInTheDocument();
  });

  it('shows the empty mark without a value, and a sample on the canvas', () => {
    const { unmount } = draw(valueElement, { settings: { unit: 'MPa', decimals: 1 } });
    expect(screen.getByText('-')).toBeInTheDocument();
    unmount();
    draw(valueElement, { settings: { unit: 'MPa', decimals: 1 } }, 'edit');
    expect(screen.getByText('123.5 MPa')).toBeInTheDocument();
  });

  it('colours the value by the first matching condition', () => {
    const conditions = [
      { min: null, max: 10, color: '#0000ff' },
      { min: 50, max: null, color: '#ff0000' },
    ];
    expect(conditionColour(readConditions({ conditions }), 80)).toBe('#ff0000');
    expect(conditionColour(readConditions({ conditions }), 20)).toBeNull();
    draw(valueElement, { settings: { conditions } }, 'runtime', { value: bound(5) });
    expect(screen.getByText('5').parentElement).toHaveStyle({ color: '#0000ff' });
  });
});

describe('tank', () => {
  it('fills to the value’s place between min and max', () => {
    expect(levelOf(25, 0, 100)).toBe(0.25);
    expect(levelOf(150, 0, 100)).toBe(1);
    expect(levelOf(-5, 0, 100)).toBe(0);
    expect(levelOf(5, 10, 10)).toBe(0);
    expect(levelOf(null, 0, 100)).toBe(0);
  });

  it('draws a level whose height follows the value', () => {
    const { container, rerender } = draw(tankElement, { settings: { min: 0, max: 200 } }, 'runtime', {
      value: bound(50),
    });
    const level = () => container.querySelector<HTMLElement>('.iot-tank__level');
    expect(level()).toHaveStyle({ height: '25%' });
    const element = makeElement('tank', { settings: { ...tankElement.defaultSettings(), min: 0, max: 200 } });
    rerender(
      <tankElement.component element={element} mode="runtime" values={{ value: bound(150) }} state={null} />,
    );
    expect(level()).toHaveStyle({ height: '75%' });
  });

  it('fills sideways when horizontal, and samples 60 % on the canvas', () => {
    const { container } = draw(tankElement, { settings: { orientation: 'horizontal' } }, 'edit');
    expect(container.querySelector('.iot-tank__level')).toHaveStyle({ width: '60%' });
  });
});

describe('states on elements', () => {
  it('change the text, colours and underline, and take the state’s flicker', () => {
    const { container, unmount } = draw(
      textElement,
      { states: twoStates, settings: { text: '泵' } },
      'runtime',
      { value: bound(1) },
    );
    const root = container.firstElementChild as HTMLElement;
    expect(screen.getByText('运行')).toBeInTheDocument();
    expect(root.style.getPropertyValue('--iot-el-bg')).toBe('#00b42a');
    expect(root).toHaveStyle({ color: '#ffffff', textDecoration: 'underline' });
    expect(root).toHaveClass('iot-flicker', 'iot-flicker--background');
    expect(root.style.getPropertyValue('--iot-flicker-period')).toBe('2s');
    unmount();
    const stopped = draw(textElement, { states: twoStates, settings: { text: '泵' } }, 'runtime', {
      value: bound(0),
    });
    expect(screen.getByText('停止')).toBeInTheDocument();
    expect(stopped.container.firstElementChild).not.toHaveClass('iot-flicker');
  });

  it('keep the element’s own look when no state matches or there is no value', () => {
    draw(textElement, { states: twoStates, settings: { text: '泵' } });
    expect(screen.getByText('泵')).toBeInTheDocument();
  });

  it('colour an indicator light', () => {
    const { container } = draw(indicatorElement, {}, 'runtime', { value: bound(1) });
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue('--iot-el-bg')).toBe(
      '#00b42a',
    );
  });

  it('recolour a symbol’s first part, or the parts chosen, and leave it grey without a state', () => {
    const states: ElementStates = {
      by: 'value',
      items: [
        { max: 1, isUnderline: false },
        { min: 1, backgroundColor: '#f53f3f', isUnderline: false },
      ],
    };
    const first = draw(symbolElement, { states }, 'runtime', { value: bound(3) });
    const fills = (root: HTMLElement, part: string) =>
      [...root.querySelectorAll(`[data-part="${part}"]`)].map((node) => node.getAttribute('fill'));
    const body = fills(first.container, 'body');
    expect(body.length).toBeGreaterThan(0);
    expect(new Set(body)).toEqual(new Set(['#f53f3f']));
    expect(fills(first.container, 'impeller')).not.toContain('#f53f3f');
    first.unmount();
    const chosen = draw(symbolElement, { states, settings: { parts: ['impeller'] } }, 'runtime', {
      value: bound(3),
    });
    expect(fills(chosen.container, 'impeller')).toEqual(['#f53f3f']);
    expect(fills(chosen.container, 'body')).not.toContain('#f53f3f');
    chosen.unmount();
    const grey = draw(symbolElement, { states }, 'edit');
    expect(fills(grey.container, 'body')).not.toContain('#f53f3f');
  });

  it('swap an image', () => {
    const states: ElementStates = {
      by: 'bit',
      items: [
        { bit: 0, imgUrl: '/a.png', isUnderline: false },
        { bit: 1, imgUrl: '/b.png', isUnderline: false },
      ],
    };
    expect(resolveState(states, 2)?.imgUrl).toBe('/b.png');
    const { container } = draw(imageElement, { states, settings: { imgUrl: '/base.png' } }, 'runtime', {
      value: bound(2),
    });
    expect(container.querySelector('img')).toHaveAttribute('src', '/b.png');
  });
});

describe('date and time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every clock from one shared timer, and stops it when the last goes', () => {
    vi.useFakeTimers({ now: new Date(2026, 4, 1, 10, 0, 0, 0) });
    const settings = { format: 'HH:mm:ss' };
    const { unmount } = render(
      <>
        {[1, 2, 3].map((n) => (
          <timeElement.component
            key={n}
            element={makeElement('time', { id: `t${String(n)}`, settings })}
            mode="runtime"
            values={{}}
            state={null}
          />
        ))}
      </>,
    );
    expect(screen.getAllByText('10:00:00')).toHaveLength(3);
    expect(clockListeners()).toBe(3);
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1005);
    });
    expect(screen.getAllByText('10:00:01')).toHaveLength(3);
    unmount();
    expect(clockListeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a fixed sample on the canvas, without a timer', () => {
    vi.useFakeTimers();
    draw(timeElement, {}, 'edit');
    expect(screen.getByText('2026-01-01 08:30:00')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('link', () => {
  const jump = { actions: [{ type: 'jump_screen' as const, screen_id: 7 }], settings: { text: '详情' } };

  it('runs its action at runtime, by click or Enter', async () => {
    const onAction = vi.fn();
    draw(linkElement, jump, 'runtime', {}, onAction);
    await userEvent.click(screen.getByRole('link', { name: '详情' }));
    screen.getByRole('link').focus();
    await userEvent.keyboard('{Enter}');
    expect(onAction.mock.calls).toEqual([[0], [0]]);
  });

  it('does nothing on the canvas', () => {
    draw(linkElement, jump, 'edit', {}, vi.fn());
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is an invisible hotspot at runtime, outlined on the canvas', () => {
    const hotspot = { ...jump, settings: { text: '详情', transparent: true } };
    const { unmount } = draw(linkElement, hotspot, 'runtime', {}, vi.fn());
    expect(screen.getByRole('link', { name: '跳转' })).toBeEmptyDOMElement();
    unmount();
    const { container } = draw(linkElement, hotspot, 'edit');
    expect(container.firstElementChild).toHaveClass('iot-el--placeholder');
  });
});

describe('iframe', () => {
  it('takes https addresses only', () => {
    expect(frameUrl('https://grafana.example.com/d/1')?.host).toBe('grafana.example.com');
    expect(frameUrl('http://example.com')).toBeNull();
    expect(frameUrl('javascript:alert(1)')).toBeNull();
    expect(frameUrl('/relative')).toBeNull();
  });

  it('is sandboxed, without same-origin for a page of the console’s own origin', () => {
    const other = frameSandbox(new URL('https://a.example.com/x'), 'https://console.example.com');
    expect(other).toContain('allow-same-origin');
    expect(other).not.toContain('allow-top-navigation');
    expect(
      frameSandbox(new URL('https://console.example.com/x'), 'https://console.example.com'),
    ).not.toContain('allow-same-origin');
  });

  it('loads the page at runtime only', () => {
    const settings = { url: 'https://example.com/' };
    const { container, unmount } = draw(iframeElement, { settings }, 'runtime');
    expect(container.querySelector('iframe')).toHaveAttribute('src', 'https://example.com/');
    expect(container.querySelector('iframe')).toHaveAttribute('sandbox');
    unmount();
    const edit = draw(iframeElement, { settings }, 'edit');
    expect(edit.container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('https://example.com/')).toBeInTheDocument();
  });
});

describe('video', () => {
  it('plays the device’s address at runtime, and shows its poster on the canvas', () => {
    const element = makeElement('video', {
      settings: { ...videoElement.defaultSettings(), poster: '/poster.jpg' },
    });
    const { container, rerender } = render(
      <VideoSourceContext value="https://cam.example.com/live.mp4">
        <videoElement.component element={element} mode="runtime" values={{}} state={null} />
      </VideoSourceContext>,
    );
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cam.example.com/live.mp4');
    rerender(
      <VideoSourceContext value="https://cam.example.com/live.mp4">
        <videoElement.component element={element} mode="edit" values={{}} state={null} />
      </VideoSourceContext>,
    );
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/poster.jpg');
  });

  it('says so when the device has no address', () => {
    draw(videoElement, {}, 'runtime');
    expect(screen.getByText('设备没有视频地址')).toBeInTheDocument();
  });
});

describe('alarm icon', () => {
  it('shows while a bound source is in alarm', () => {
    expect(hasAlarm({ value: bound(1), flow: bound(2, true) })).toBe(true);
    expect(hasAlarm({ value: bound(1), other: undefined })).toBe(false);
    const { rerender } = render(<AlarmIcon values={{ value: bound(1, true) }} />);
    expect(screen.getByRole('img', { name: '报警' })).toHaveClass('iot-alarm-icon');
    rerender(<AlarmIcon values={{ value: bound(1) }} />);
    expect(screen.queryByRole('img', { name: '报警' })).not.toBeInTheDocument();
  });

  it('flashes in the shared phase until confirmed, then stays steady while not recovered', () => {
    const { rerender } = render(<AlarmIcon values={{ value: bound(1, true) }} />);
    const icon = () => screen.getByRole('img', { name: '报警' });
    expect(icon()).not.toHaveClass('iot-alarm-icon--confirmed');
    expect(icon().style.getPropertyValue('--iot-flicker-delay')).toMatch(/^-?\d+ms$/);
    rerender(<AlarmIcon values={{ value: { ...bound(1, true), confirmed: true } }} />);
    expect(icon()).toHaveClass('iot-alarm-icon--confirmed');
    // One source confirmed, another still unconfirmed: the element flashes.
    rerender(<AlarmIcon values={{ value: { ...bound(1, true), confirmed: true }, flow: bound(2, true) }} />);
    expect(icon()).not.toHaveClass('iot-alarm-icon--confirmed');
  });
});
