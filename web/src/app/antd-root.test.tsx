// antd's motion follows the system's `prefers-reduced-motion`, live.
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';

import { resetScreenWidth } from '@/test/screen-width';
import { AntdRoot } from './antd-root';

/** A matchMedia whose `prefers-reduced-motion: reduce` answers `reduce` and can change. */
function stubReducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('prefers-reduced-motion: reduce') && state.reduce;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return (next: boolean) => {
    state.reduce = next;
    for (const listener of listeners) listener();
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(resetScreenWidth);

describe('AntdRoot', () => {
  it('animates by default and turns antd’s motion off while the system asks for less', () => {
    const change = stubReducedMotion(false);
    render(
      <AntdRoot>
        <Motion />
      </AntdRoot>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
    act(() => change(true));
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
    act(() => change(false));
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });
});
