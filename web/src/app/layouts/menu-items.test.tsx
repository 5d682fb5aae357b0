import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { filterRoutes } from '../guard';
import { guardedRoutes } from '../routes';
import { ancestorKeys, buildMenuItems, menuLeafKeys, selectedMenuKey } from './menu-items';

const t = i18n.getFixedT('zh');

describe('sidebar menu', () => {
  it('shows only what the codes open, in SPEC order, without hidden routes', () => {
    const allowed = filterRoutes(
      guardedRoutes,
      new Set(['P00000', 'P10000', 'P30000', 'P31000', 'P34000', 'P70000']),
    );
    const items = buildMenuItems(allowed, t);
    expect(items.map((i) => i?.key)).toEqual(['/index', '/device', '/info']);
    expect(menuLeafKeys(allowed)).toEqual([
      '/index',
      '/device/devgroup',
      '/device/devGPS',
      '/info/systemMsg',
    ]);
  });

  it('lists the alarm notifications for an administrator only', () => {
    const info = ['P00000', 'P70000', 'P71000', 'P72000', 'P73000'];
    const member = filterRoutes(guardedRoutes, new Set([...info, 'user']));
    expect(menuLeafKeys(member)).toEqual([
      '/info/systemMsg',
      '/info/inbox',
      '/info/logInfo',
      '/info/realTimeFault',
    ]);
    const admin = filterRoutes(guardedRoutes, new Set([...info, 'administrator']));
    expect(menuLeafKeys(admin)).toEqual([
      '/info/systemMsg',
      '/info/inbox',
      '/info/logInfo',
      '/info/realTimeFault',
      '/info/alarmNotify',
    ]);
    const items = buildMenuItems(admin, t);
    const infoItem = items.find((i) => i?.key === '/info') as { children?: { key: string; label: string }[] };
    expect(infoItem.children?.at(-1)).toMatchObject({ key: '/info/alarmNotify', label: '告警通知' });
    expect(buildMenuItems(admin, i18n.getFixedT('en'))).toContainEqual(
      expect.objectContaining({
        key: '/info',
        children: expect.arrayContaining([
          expect.objectContaining({ key: '/info/alarmNotify', label: 'Alarm notifications' }),
        ]),
      }),
    );
  });

  it('drops a group whose children are all closed', () => {
    const allowed = filterRoutes(guardedRoutes, new Set(['P00000', 'P30000']));
    expect(buildMenuItems(allowed, t)).toEqual([]);
  });

  it('labels entries in the current language', () => {
    const allowed = filterRoutes(guardedRoutes, new Set(['P00000', 'P10000']));
    expect(buildMenuItems(allowed, t)[0]).toMatchObject({ key: '/index', label: '首页' });
    expect(buildMenuItems(allowed, i18n.getFixedT('en'))[0]).toMatchObject({ label: 'Home' });
  });

  it('selects the page or the nearest page above a detail route', () => {
    const allowed = filterRoutes(
      guardedRoutes,
      new Set(['P00000', 'P30000', 'P32000', 'P60000', 'P62000', 'P62200']),
    );
    expect(selectedMenuKey(allowed, '/device/virtualDevice')).toBe('/device/virtualDevice');
    expect(selectedMenuKey(allowed, '/device/virtualDevice/childDevice/3')).toBe('/device/virtualDevice');
    expect(selectedMenuKey(allowed, '/analysis/flowAnalysis/detail/9')).toBe('/analysis/flowAnalysis');
    expect(selectedMenuKey(allowed, '/designChart')).toBeUndefined();
    expect(ancestorKeys('/analysis/flowAnalysis')).toEqual(['/analysis']);
    expect(ancestorKeys(undefined)).toEqual([]);
  });
});
