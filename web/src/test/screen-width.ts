// Test helper: a window `width` pixels wide for antd's responsive helpers (jsdom has no matchMedia).
const MIN_WIDTH = /\(min-width:\s*(\d+(?:\.\d+)?)px\)/;
const MAX_WIDTH = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/;

/** The window tests run in unless they set another: a laptop's. */
export const DEFAULT_SCREEN_WIDTH = 1280;

/** Back to the default window (test/setup.ts sets it before every file). */
export function resetScreenWidth(): void {
  setScreenWidth(DEFAULT_SCREEN_WIDTH);
}

export function setScreenWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const min = MIN_WIDTH.exec(query);
    const max = MAX_WIDTH.exec(query);
    const matches =
      Boolean(min ?? max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}
