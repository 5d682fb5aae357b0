// A preloadable widget module: loaded once however often it is asked for, drawn without suspending once it is in,
// and a failed load retried by the next ask.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { preloadable, useModuleReady, type PreloadableComponent } from './preloadable';

function Label({ text }: { text: string }) {
  return <span>{text}</span>;
}

function Host({ component }: { component: PreloadableComponent<{ text: string }> }) {
  const ready = useModuleReady(component);
  const Shown = component.resolved ?? component;
  return ready ? (
    <Suspense fallback={<span>suspended</span>}>
      <Shown text="drawn" />
    </Suspense>
  ) : (
    <span>loading</span>
  );
}

describe('preloadable', () => {
  it('loads its module once, however often it is asked for, and then holds the component', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: Label }));
    const component = preloadable(factory);
    expect(component.resolved).toBeNull();
    const [a, b] = await Promise.all([component.preload(), component.preload()]);
    expect(a).toBe(Label);
    expect(b).toBe(Label);
    expect(component.resolved).toBe(Label);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const factory = vi
      .fn<() => Promise<{ default: typeof Label }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ default: Label });
    const component = preloadable(factory);
    await expect(component.preload()).rejects.toThrow('network');
    expect(component.resolved).toBeNull();
    await expect(component.preload()).resolves.toBe(Label);
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('shows the loading state until the module is in, then draws the module itself without suspending', async () => {
    let arrive: (module: { default: typeof Label }) => void = () => undefined;
    const component = preloadable(
      () =>
        new Promise<{ default: typeof Label }>((resolve) => {
          arrive = resolve;
        }),
    );
    render(<Host component={component} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    arrive({ default: Label });
    expect(await screen.findByText('drawn')).toBeInTheDocument();
    expect(screen.queryByText('suspended')).not.toBeInTheDocument();
  });

  it('draws a preloaded module at once', async () => {
    const component = preloadable(() => Promise.resolve({ default: Label }));
    await component.preload();
    render(<Host component={component} />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
