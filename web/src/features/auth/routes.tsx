// Account screens reachable without a token (SPEC §2: /login, /register, /findPass, /privacy).
import type { AppRoute } from '../../types/route';

export const authPublicRoutes: AppRoute[] = [
  { path: 'login', menu: 'menu.login', lazy: () => import('./pages/login') },
  { path: 'register', menu: 'menu.register', lazy: () => import('./pages/register') },
  { path: 'findPass', menu: 'menu.findPass', lazy: () => import('./pages/find-pass') },
  { path: 'privacy', menu: 'menu.privacy', lazy: () => import('./pages/privacy') },
];
