// Device area routes (SPEC §2: /device P30000 and /deviceDetail/{id}).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const deviceRoutes: AppRoute[] = [
  {
    path: 'device',
    perms: [Perm.DEVICE],
    menu: 'menu.device',
    icon: 'ClusterOutlined',
    children: [
      {
        path: 'devDashboard',
        perms: [Perm.DEVICE_DASHBOARD],
        menu: 'menu.devDashboard',
        lazy: () => import('./pages/dev-dashboard'),
      },
      {
        path: 'devgroup',
        perms: [Perm.DEVICE_GROUP],
        menu: 'menu.devgroup',
        lazy: () => import('./pages/devgroup'),
      },
      {
        path: 'virtualDevice',
        perms: [Perm.VIRTUAL_DEVICE],
        menu: 'menu.virtualDevice',
        lazy: () => import('./pages/virtual-device'),
        children: [
          {
            path: 'childDevice/:id',
            menu: 'menu.childDevice',
            hidden: true,
            lazy: () => import('./pages/child-device'),
          },
        ],
      },
      {
        path: 'devGPS',
        perms: [Perm.DEVICE_GPS],
        menu: 'menu.devGPS',
        lazy: () => import('./pages/dev-gps'),
      },
    ],
  },
  {
    path: 'deviceDetail/:id',
    perms: [Perm.HOME],
    menu: 'menu.deviceDetail',
    hidden: true,
    lazy: () => import('./pages/device-detail'),
  },
];

/** Public device screens (no login needed beyond the guard's token rules). */
export const devicePublicRoutes: AppRoute[] = [
  {
    path: 'fluoriteCloudCamera',
    menu: 'menu.fluoriteCloudCamera',
    lazy: () => import('./pages/fluorite-cloud-camera'),
  },
];
