// Test helper: a window `width` pixels wide for antd's responsive helpers (jsdom's matchMedia matches nothing).
const MIN_WIDTH = /\(min-width:\s*(\d+(?:\.\d+)?)px\)/;
const MAX_WIDTH = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/;

const narrow = window.matchMedia.bind(window);

/** Back to the test setup's window, where no media query matches. */
export function resetScreenWidth(): void {
  window.matchMedia = narrow;
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
