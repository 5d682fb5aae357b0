// System settings routes (SPEC §2: /system P80000; the outgoing webhooks are the administrator's alone, a page SPEC
// does not name: docs/decisions.md; the app keys, likewise) and the public AppKey document.
import { Perm, Role } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const systemRoutes: AppRoute[] = [
  {
    path: 'system',
    perms: [Perm.SYSTEM],
    menu: 'menu.system',
    icon: 'SettingOutlined',
    children: [
      {
        path: 'personalization',
        perms: [Perm.PERSONALIZATION],
        menu: 'menu.personalization',
        lazy: () => import('./pages/personalization'),
      },
      {
        path: 'shareLink',
        perms: [Perm.SHARE_LINK],
        menu: 'menu.shareLink',
        lazy: () => import('./pages/share-link'),
      },
      {
        path: 'appKeys',
        perms: [Perm.SYSTEM],
        menu: 'menu.appKeys',
        lazy: () => import('./pages/app-keys'),
      },
      {
        path: 'webhooks',
        perms: [Role.ADMINISTRATOR],
        menu: 'menu.webhooks',
        lazy: () => import('./pages/webhooks'),
      },
    ],
  },
];

export const systemPublicRoutes: AppRoute[] = [
  { path: 'documentAppKey', menu: 'menu.documentAppKey', lazy: () => import('./pages/document-app-key') },
];
