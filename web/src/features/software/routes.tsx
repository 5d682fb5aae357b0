// Software routes (issue 34: the menus "Version upload" and "Software update" of SPEC §2, under /software P140000).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const softwareRoutes: AppRoute[] = [
  {
    path: 'software',
    perms: [Perm.SOFTWARE],
    menu: 'menu.software',
    icon: 'CloudUploadOutlined',
    children: [
      {
        path: 'version',
        // Who runs upgrades reads the library too (read-only: the page hides what they may not do).
        perms: [Perm.SOFTWARE_VERSION, Perm.SOFTWARE_UPGRADE],
        menu: 'menu.softwareVersion',
        lazy: () => import('./pages/version'),
      },
      {
        path: 'upgrade',
        perms: [Perm.SOFTWARE_UPGRADE],
        menu: 'menu.softwareUpgrade',
        lazy: () => import('./pages/upgrade'),
      },
    ],
  },
];
