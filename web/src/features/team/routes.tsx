// Team routes (SPEC §2: /team P50000 or the secondary administrator role).
import { Perm, Role } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const teamRoutes: AppRoute[] = [
  {
    path: 'team',
    perms: [Perm.TEAM, Role.ADMINISTRATOR2],
    menu: 'menu.team',
    icon: 'TeamOutlined',
    children: [
      {
        path: 'customerGroup',
        perms: [Perm.USER_GROUP, Role.ADMINISTRATOR2],
        menu: 'menu.customerGroup',
        lazy: () => import('./pages/customer-group'),
      },
      { path: 'user', perms: [Perm.USER], menu: 'menu.user', lazy: () => import('./pages/user') },
      { path: 'role', perms: [Perm.ROLE], menu: 'menu.role', lazy: () => import('./pages/role') },
    ],
  },
];
