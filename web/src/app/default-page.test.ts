import { describe, expect, it } from 'vitest';

import { DEFAULT_PAGE_BY_CODE, defaultPageFor, FALLBACK_PAGE, resolveDefaultPage } from '@/lib/default-page';
import { permsChain } from './guard';
import { createRouteObjects } from './routes';

describe('defaultPageFor (SPEC §2 table)', () => {
  it.each([
    ['P10000', '/index'],
    ['', '/index'],
    ['P20000', '/dashboard'],
    ['P27000', '/monitoringCheck'],
    ['P24000', '/configureMonitor'],
    ['P31000', '/device/devgroup'],
    ['P32000', '/device/virtualDevice'],
    ['P34000', '/device/devGPS'],
    ['P41000', '/configureManage/devTemplate'],
    ['P42000', '/configureManage/templateBind'],
    ['P51000', '/team/customerGroup'],
    ['P52000', '/team/role'],
    ['P53000', '/team/user'],
    ['P61000', '/analysis/dashChart'],
    ['P62000', '/analysis/flowAnalysis'],
    ['P71000', '/info/inbox'],
    ['P72000', '/info/logInfo'],
    ['P73000', '/info/realTimeFault'],
    ['P81000', '/system/personalization'],
    ['P90000', '/customPage'],
    ['P99999', '/index'],
    ['P30000', '/index'],
    ['toString', '/index'],
  ])('%s → %s', (code, page) => {
    expect(defaultPageFor(code)).toBe(page);
  });

  it('treats null, undefined and spaces as empty, and uses the first of a list', () => {
    expect(defaultPageFor(null)).toBe(FALLBACK_PAGE);
    expect(defaultPageFor(undefined)).toBe(FALLBACK_PAGE);
    expect(defaultPageFor(' P20000 ')).toBe('/dashboard');
    expect(defaultPageFor('P73000,P20000')).toBe('/info/realTimeFault');
  });

  it('every default page is a route of the table guarded by its own code', () => {
    const table = createRouteObjects();
    for (const [code, path] of Object.entries(DEFAULT_PAGE_BY_CODE)) {
      const chain = permsChain(table, path);
      expect(
        chain.some((perms) => perms?.includes(code)),
        `${code} ${path}`,
      ).toBe(true);
    }
  });
});

describe('resolveDefaultPage', () => {
  it('keeps the mapped page when the user may open it', () => {
    expect(resolveDefaultPage('/dashboard', () => true, ['/index'])).toBe('/dashboard');
  });

  it('falls back to the first menu page the user may open', () => {
    const open = new Set(['/team/user']);
    expect(resolveDefaultPage('/dashboard', (p) => open.has(p), ['/index', '/team/user'])).toBe('/team/user');
  });

  it('keeps the mapped page when nothing else opens (the guard then shows /401)', () => {
    expect(resolveDefaultPage('/index', () => false, ['/a'])).toBe('/index');
  });
});
