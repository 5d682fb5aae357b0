// Custom page routes (SPEC §2: /customPage P90000, the configuration screen; a custom entry's framed page under
// /customPage/view/<id>, open to every signed-in user: the server's answer lists only the entries a user sees).
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
  {
    path: 'customPage/view/:id',
    menu: 'menu.customPage',
    hidden: true,
    lazy: () => import('./pages/custom-frame'),
  },
];
