// Query keys of the tenant symbol library: a change to a symbol touches its lists and its drawing.
export const userSymbolKeys = {
  all: ['user-symbols'] as const,
  list: () => [...userSymbolKeys.all, 'list'] as const,
  svg: (url: string) => [...userSymbolKeys.all, 'svg', url] as const,
};
