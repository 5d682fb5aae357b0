// Module routes (SPEC §2: /module P100000 with business sector management) and the public sector pages.
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const moduleRoutes: AppRoute[] = [
  {
    path: 'module',
    perms: [Perm.MODULE],
    menu: 'menu.module',
    icon: 'BlockOutlined',
    children: [
      {
        path: 'business',
        perms: [Perm.BUSINESS_SECTOR],
        menu: 'menu.businessSector',
        lazy: () => import('./pages/business-sector'),
      },
    ],
  },
];

export const modulePublicRoutes: AppRoute[] = [
  { path: 'business', menu: 'menu.business', lazy: () => import('./pages/business') },
  { path: 'detail', menu: 'menu.detail', lazy: () => import('./pages/detail') },
];
