// Home route (SPEC §2: /index P10000).
import { HomeOutlined } from '@ant-design/icons';

import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const homeRoutes: AppRoute[] = [
  {
    path: 'index',
    perms: [Perm.HOME],
    menu: 'menu.index',
    icon: HomeOutlined,
    lazy: () => import('./pages/home'),
  },
];
