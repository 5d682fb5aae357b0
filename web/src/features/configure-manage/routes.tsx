// Configuration management routes (SPEC §2: /configureManage P40000, designConfigure, templateMiddleware).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const configureManageRoutes: AppRoute[] = [
  {
    path: 'configureManage',
    perms: [Perm.CONFIGURE_MANAGE],
    menu: 'menu.configureManage',
    icon: 'AppstoreOutlined',
    children: [
      {
        path: 'devTemplate',
        perms: [Perm.TEMPLATE],
        menu: 'menu.devTemplate',
        lazy: () => import('./pages/dev-template'),
      },
      {
        path: 'templateBind',
        perms: [Perm.TEMPLATE_BIND],
        menu: 'menu.templateBind',
        lazy: () => import('./pages/template-bind'),
      },
      {
        path: 'templateLibrary',
        perms: [Perm.TEMPLATE_LIBRARY],
        menu: 'menu.templateLibrary',
        lazy: () => import('./pages/template-library'),
      },
      {
        path: 'templateGroup',
        perms: [Perm.TEMPLATE_GROUP],
        menu: 'menu.templateGroup',
        lazy: () => import('./pages/template-group'),
      },
    ],
  },
  {
    // The legacy URL is designConfigure/id={id}: the segment carries "id=…" (lib/route-params keyedParam).
    path: 'designConfigure/:idParam',
    perms: [Perm.TEMPLATE_DESIGN],
    menu: 'menu.designConfigure',
    hidden: true,
    lazy: () => import('./pages/design-configure'),
    prefetch: () => import('./lib/design-prefetch').then((m) => m.prefetchDesign),
  },
  {
    path: 'templateMiddleware/:idParam',
    menu: 'menu.templateMiddleware',
    hidden: true,
    lazy: () => import('./pages/template-middleware'),
  },
];
