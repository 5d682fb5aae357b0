// System settings routes (SPEC §2: /system P80000) and the public AppKey document.
import { Perm } from '@/lib/permissions';
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
    ],
  },
];

export const systemPublicRoutes: AppRoute[] = [
  { path: 'documentAppKey', menu: 'menu.documentAppKey', lazy: () => import('./pages/document-app-key') },
];
