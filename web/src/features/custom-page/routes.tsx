// Custom page route (SPEC §2: /customPage P90000).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const customPageRoutes: AppRoute[] = [
  {
    path: 'customPage',
    perms: [Perm.CUSTOM_PAGE],
    menu: 'menu.customPage',
    icon: 'LayoutOutlined',
    lazy: () => import('./pages/custom-page'),
  },
];
