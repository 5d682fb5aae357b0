// SPEC §2 "permission code to default page": where a user lands after login (old users) and "return home".

export const FALLBACK_PAGE = '/index';

export const DEFAULT_PAGE_BY_CODE: Readonly<Record<string, string>> = {
  P10000: '/index',
  P20000: '/dashboard',
  P27000: '/monitoringCheck',
  P24000: '/configureMonitor',
  P31000: '/device/devgroup',
  P32000: '/device/virtualDevice',
  P34000: '/device/devGPS',
  P41000: '/configureManage/devTemplate',
  P42000: '/configureManage/templateBind',
  P51000: '/team/customerGroup',
  P52000: '/team/role',
  P53000: '/team/user',
  P61000: '/analysis/dashChart',
  P62000: '/analysis/flowAnalysis',
  P71000: '/info/inbox',
  P72000: '/info/logInfo',
  P73000: '/info/realTimeFault',
  P81000: '/system/personalization',
  P90000: '/customPage',
};

/** The page for a menuPermissions code; empty or unknown codes give /index. */
export function defaultPageFor(menuPermissions: string | null | undefined): string {
  const code = (menuPermissions ?? '').split(',')[0]?.trim() ?? '';
  return Object.hasOwn(DEFAULT_PAGE_BY_CODE, code)
    ? (DEFAULT_PAGE_BY_CODE[code] ?? FALLBACK_PAGE)
    : FALLBACK_PAGE;
}

/**
 * The mapped page if the user may open it, else the first menu page they may open, else the mapped page
 * (the guard then shows /401).
 */
export function resolveDefaultPage(
  preferred: string,
  canOpenPath: (path: string) => boolean,
  menuPaths: readonly string[],
): string {
  if (canOpenPath(preferred)) return preferred;
  return menuPaths.find((p) => canOpenPath(p)) ?? preferred;
}
