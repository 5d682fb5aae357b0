import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { keepAttached, setEnd } from '../../model/connectors';
import { moveElements } from '../../model/operations';
import type { DesignElement, ElementStates } from '../../model/types';
import { documentOf } from '@/test/designer';
import { elementState } from '../states';
import { bound, DATA_SOURCES, makeElement } from '../test/fixtures';
import type { BoundValue, ElementDefinition, RenderMode, SettingsFormProps } from '../types';
import { ellipseElement } from './ellipse';
import { flowOf, flowStyle } from './flow';
import { lineElement } from './line';
import { pipeElement } from './pipe';
import { parsePoints, readPoints, svgPoints } from './points';
import { polylineElement } from './polyline';
import { rectElement } from './rect';

function draw(
  definition: ElementDefinition,
  change: Partial<DesignElement>,
  mode: RenderMode,
  values: Record<string, BoundValue> = {},
) {
  const element = makeElement(definition.type, {
    placement: { x: 0, y: 0, w: 200, h: 20, rotation: 0 },
    ...change,
    settings: { ...definition.defaultSettings(), ...change.settings },
  });
  return render(
    <definition.component
      element={element}
      mode={mode}
      values={values}
      state={elementState(element, values)}
    />,
  );
}

function flowLine(container: HTMLElement): SVGElement | null {
  return container.querySelector('[data-flow]');
}

describe('flow', () => {
  it('follows the sign for direction and the magnitude for speed, and stops at 0', () => {
    expect(flowOf(2, 20)).toEqual({ direction: 'forward', durationS: 24 / 40 });
    expect(flowOf(-4, 20)).toEqual({ direction: 'reverse', durationS: 24 / 80 });
    expect(flowOf(0, 20)).toEqual({ direction: 'stopped', durationS: 0 });
    expect(flowOf(null, 20).direction).toBe('stopped');
    expect(flowOf('x', 20).direction).toBe('stopped');
    expect(flowOf(1e9, 20).durationS).toBe(0.05);
    expect(flowOf(1e-9, 20).durationS).toBe(600);
  });

  it('sets the duration as a custom property, none when stopped', () => {
    expect(flowStyle(flowOf(2, 20))).toEqual({ '--iot-flow-duration': '0.600s' });
    expect(flowStyle(flowOf(0, 20))).toBeUndefined();
  });
});

describe('pipe', () => {
  it('flows forward for a positive value and faster for a larger one', () => {
    const { container, unmount } = draw(pipeElement, {}, 'runtime', { flow: bound(1) });
    const slow = flowLine(container);
    expect(slow).toHaveAttribute('data-flow', 'forward');
    expect(slow).toHaveClass('iot-flow--forward');
    expect(slow?.style.getPropertyValue('--iot-flow-duration')).toBe('1.200s');
    unmount();
    const fast = flowLine(draw(pipeElement, {}, 'runtime', { flow: bound(4) }).container);
    expect(fast?.style.getPropertyValue('--iot-flow-duration')).toBe('0.300s');
  });

  it('flows backward for a negative value', () => {
    const line = flowLine(draw(pipeElement, {}, 'runtime', { flow: bound(-3) }).container);
    expect(line).toHaveAttribute('data-flow', 'reverse');
    expect(line).toHaveClass('iot-flow--reverse');
  });

  it('stops at 0, without a value and on the canvas', () => {
    expect(flowLine(draw(pipeElement, {}, 'runtime', { flow: bound(0) }).container)).toHaveAttribute(
      'data-flow',
      'stopped',
    );
    expect(flowLine(draw(pipeElement, {}, 'preview').container)).toHaveAttribute('data-flow', 'stopped');
    expect(flowLine(draw(pipeElement, {}, 'edit', { flow: bound(5) }).container)).toHaveAttribute(
      'data-flow',
      'stopped',
    );
  });

  it('an attached pipe draws the points the editor stored and flows along them by its value', () => {
    // Attached to a pump's outlet and moved with it (model/connectors.ts): the runtime draws what is stored.
    const pump = makeElement('symbol', {
      id: 'pump',
      placement: { x: 100, y: 100, w: 64, h: 64, rotation: 0 },
      settings: { symbol: 'pump_centrifugal' },
    });
    const pipe = makeElement('pipe', {
      id: 'pipe',
      placement: { x: 200, y: 108, w: 200, h: 24, rotation: 0 },
      settings: pipeElement.defaultSettings(),
    });
    const attached = setEnd(
      documentOf([pump, pipe]),
      'pipe',
      'start',
      { x: 0, y: 0 },
      {
        element: 'pump',
        port: 'outlet',
      },
    );
    const moved = keepAttached(attached, moveElements(attached, ['pump'], 0, 40));
    const element = moved.elements.find((e) => e.id === 'pipe');
    if (!element) throw new Error('no pipe');
    const drawn = (value: number) =>
      flowLine(
        render(
          <pipeElement.component
            element={element}
            mode="runtime"
            values={{ flow: bound(value) }}
            state={null}
          />,
        ).container,
      );
    const forward = drawn(2);
    const p = element.placement;
    expect(forward).toHaveAttribute('points', svgPoints(readPoints(element.settings, []), p.w, p.h));
    expect(forward).toHaveAttribute('data-flow', 'forward');
    expect(drawn(-1)).toHaveAttribute('data-flow', 'reverse');
    expect(drawn(0)).toHaveAttribute('data-flow', 'stopped');
  });

  it('draws its points in the box’s pixels', () => {
    const { container } = draw(
      pipeElement,
      {
        settings: {
          points: [
            [0, 50],
            [50, 50],
            [50, 100],
          ],
        },
      },
      'edit',
    );
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('viewBox', '0 0 200 20');
    expect(container.querySelector('polyline')).toHaveAttribute('points', '0,10 100,10 100,20');
  });
});

describe('points', () => {
  it('parses "x,y x,y" within 0–100, at least two', () => {
    expect(parsePoints(' 0,0  50,100 100,0 ')).toEqual([
      [0, 0],
      [50, 100],
      [100, 0],
    ]);
    expect(parsePoints('0,0')).toBeNull();
    expect(parsePoints('0,0 120,5')).toBeNull();
    expect(parsePoints('0,0 a,5')).toBeNull();
    expect(parsePoints('0,0 5')).toBeNull();
    expect(parsePoints('0,0 5,')).toBeNull();
  });

  it('falls back for stored points that are malformed', () => {
    const fallback: [number, number][] = [
      [0, 0],
      [100, 100],
    ];
    expect(readPoints({ points: [[0, 0]] }, fallback)).toBe(fallback);
    expect(
      readPoints(
        {
          points: [
            [0, 0],
            ['a', 1],
          ],
        },
        fallback,
      ),
    ).toBe(fallback);
    expect(
      readPoints(
        {
          points: [
            [0, 0],
            [10, 20],
          ],
        },
        fallback,
      ),
    ).toEqual([
      [0, 0],
      [10, 20],
    ]);
    expect(svgPoints([[50, 50]], 10, 20)).toBe('5,10');
  });

  it('are edited as text; a malformed text is shown as an error and not saved', async () => {
    const spy = vi.fn<SettingsFormProps['onChange']>();
    function Form() {
      const [element, setElement] = useState(
        makeElement('polyline', { settings: polylineElement.defaultSettings() }),
      );
      return (
        <polylineElement.settingsForm
          element={element}
          dataSources={DATA_SOURCES}
          onChange={(patch) => {
            spy(patch);
            setElement({ ...element, ...patch });
          }}
        />
      );
    }
    render(<Form />);
    const field = screen.getByRole('textbox', { name: '折点' });
    expect(field).toHaveValue('0,100 50,0 100,100');
    await userEvent.clear(field);
    await userEvent.type(field, '0,0 300,1');
    await userEvent.tab();
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByText(/格式不对/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '0,0 100,100');
    await userEvent.tab();
    expect(spy).toHaveBeenLastCalledWith({
      settings: expect.objectContaining({
        points: [
          [0, 0],
          [100, 100],
        ],
      }),
    });
  });
});

describe('polyline', () => {
  it('has no flow unless turned on, then flows with its value', () => {
    expect(flowLine(draw(polylineElement, {}, 'runtime', { flow: bound(2) }).container)).toBeNull();
    const line = flowLine(
      draw(polylineElement, { settings: { flow: true } }, 'runtime', { flow: bound(-2) }).container,
    );
    expect(line).toHaveAttribute('data-flow', 'reverse');
  });
});

describe('line, rectangle, ellipse', () => {
  it('draws a line across the middle, dashed when asked', () => {
    const { container } = draw(lineElement, { settings: { dashed: true, strokeWidth: 2 } }, 'edit');
    const line = container.querySelector('polyline');
    expect(line).toHaveAttribute('points', '0,10 200,10');
    expect(line).toHaveAttribute('stroke-dasharray', '6 4');
  });

  it('rounds an ellipse fully and a rectangle by its radius', () => {
    const rect = draw(rectElement, { settings: { radius: 6 } }, 'edit').container.firstElementChild;
    expect(rect).toHaveStyle({ borderRadius: '6px', border: '1px solid #86909c' });
    const ellipse = draw(ellipseElement, {}, 'edit').container.firstElementChild;
    expect(ellipse).toHaveStyle({ borderRadius: '50%' });
  });

  it('takes a state’s colours and text', () => {
    const states: ElementStates = {
      by: 'value',
      items: [
        { max: 1, isUnderline: false },
        { min: 1, backgroundColor: '#f53f3f', stroke: '#000000', text: '故障', isUnderline: false },
      ],
    };
    const { container } = draw(rectElement, { states }, 'runtime', { value: bound(1) });
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue('--iot-el-bg')).toBe('#f53f3f');
    expect(root).toHaveStyle({ border: '1px solid #000000' });
    expect(screen.getByText('故障')).toBeInTheDocument();
  });
});
