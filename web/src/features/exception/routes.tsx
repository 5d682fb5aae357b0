// Exception pages (SPEC §2: /exception/403, /404, /401).
import type { AppRoute } from '@/types/route';

export const exceptionPublicRoutes: AppRoute[] = [
  {
    path: 'exception/403',
    menu: 'menu.exception403',
    lazy: () => import('./pages/forbidden'),
    shellTexts: true,
  },
  { path: '404', menu: 'menu.notFound', lazy: () => import('./pages/not-found'), shellTexts: true },
  { path: '401', menu: 'menu.unauthorized', lazy: () => import('./pages/unauthorized'), shellTexts: true },
];
