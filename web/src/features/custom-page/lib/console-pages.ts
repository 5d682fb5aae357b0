// The console's pages a route entry may name, offered while its address is typed: the pages of the menu the editor
// may open (hidden detail pages and pages with parameters left out).
import type { TFunction } from 'i18next';

import type { AppRoute } from '@/types/route';

export function consolePages(
  routes: readonly AppRoute[],
  t: TFunction,
  parent = '',
): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const path = `${parent}/${route.path}`;
    if (route.lazy && route.menu && !route.path.includes(':'))
      out.push({ value: path, label: `${t(route.menu)} ${path}` });
    if (route.children) out.push(...consolePages(route.children, t, path));
  }
  return out;
}
