import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { newAnimation, type DesignAnimation } from '../../model/animation';
import { AnimationSection, parsePath, pathText } from './animation-section';

const sources = [
  { id: 7, name: '转速', unit: 'rpm', writable: false, decimals: 0 },
  { id: 8, name: '液位', unit: 'm', writable: false, decimals: 1 },
];

function show(animations: DesignAnimation[]) {
  const onChange = vi.fn<(next: DesignAnimation[]) => void>();
  render(
    <AnimationSection animations={animations} dataSources={sources} disabled={false} onChange={onChange} />,
  );
  return onChange;
}

describe('the Animation section', () => {
  it('adds an animation of the chosen kind, driven by the first data source', async () => {
    const onChange = show([]);
    expect(screen.getByText('没有动画。', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('animation-add'));
    await userEvent.click(await screen.findByText('持续旋转'));
    expect(onChange).toHaveBeenLastCalledWith([newAnimation('spin', 7)]);
  });

  it("shows an expression's problem in the server's words, and removes an animation", async () => {
    const bad: DesignAnimation = {
      ...newAnimation('rotate'),
      expression: 'a + eval(b)',
      inputs: { a: { data_source_id: 7 } },
    };
    const onChange = show([bad, newAnimation('visible', 8)]);
    expect(screen.getByText('动画表达式使用了不支持的函数（eval）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '删除动画 1' }));
    expect(onChange).toHaveBeenLastCalledWith([newAnimation('visible', 8)]);
  });

  it('reads and writes a path as x,y pairs', () => {
    expect(
      pathText([
        [0, 0],
        [10.5, -4],
      ]),
    ).toBe('0,0 10.5,-4');
    expect(parsePath(' 0,0  10.5,-4 ')).toEqual([
      [0, 0],
      [10.5, -4],
    ]);
    for (const bad of ['0,0', '0,0 a,1', '0,0 1,2,3', '']) expect(parsePath(bad)).toBeNull();
  });
});
