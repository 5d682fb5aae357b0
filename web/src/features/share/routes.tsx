// Share-link screens, open without a token (SPEC §2).
import type { AppRoute } from '@/types/route';

export const sharePublicRoutes: AppRoute[] = [
  { path: 'share-db', menu: 'menu.shareDb', lazy: () => import('./pages/share-db') },
  { path: 'share-cfg', menu: 'menu.shareCfg', lazy: () => import('./pages/share-cfg') },
];
