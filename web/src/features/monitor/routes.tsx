// Monitoring routes (SPEC §2: /monitor P110000 and its data-source and form screens).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const monitorRoutes: AppRoute[] = [
  {
    path: 'monitor',
    perms: [Perm.MONITOR],
    menu: 'menu.monitor',
    icon: 'MonitorOutlined',
    children: [
      {
        path: 'monitorSetting',
        perms: [Perm.MONITOR_SETTING],
        menu: 'menu.monitorSetting',
        lazy: () => import('./pages/monitor-setting'),
      },
      {
        path: 'monitoringDevice',
        perms: [Perm.MONITORING_DEVICE],
        menu: 'menu.monitoringDevice',
        lazy: () => import('./pages/monitoring-device'),
      },
      // Legacy URL shapes: middlewares/id={id}, middlewaresDevice/id={id}/module={module}, …
      {
        path: 'middlewares/:idParam',
        menu: 'menu.middlewares',
        hidden: true,
        lazy: () => import('./pages/middlewares'),
      },
      {
        path: 'middlewaresGrouping/:idParam',
        menu: 'menu.middlewaresGrouping',
        hidden: true,
        lazy: () => import('./pages/middlewares-grouping'),
      },
      {
        path: 'middlewaresDevice/:idParam/:moduleParam',
        menu: 'menu.middlewaresDevice',
        hidden: true,
        lazy: () => import('./pages/middlewares-device'),
      },
      {
        path: 'monitorTableDesign/:idParam',
        menu: 'menu.monitorTableDesign',
        hidden: true,
        lazy: () => import('./pages/monitor-table-design'),
      },
    ],
  },
];
