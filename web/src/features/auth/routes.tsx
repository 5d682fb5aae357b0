// Account screens reachable without a token (SPEC §2: /login, /register, /findPass, /privacy); all but the privacy
// notice show only the shell's texts, and the sign-in page, the first most visitors open, loads no antd.
import type { AppRoute } from '@/types/route';

export const authPublicRoutes: AppRoute[] = [
  { path: 'login', menu: 'menu.login', lazy: () => import('./pages/login'), shellTexts: true, light: true },
  { path: 'register', menu: 'menu.register', lazy: () => import('./pages/register'), shellTexts: true },
  { path: 'findPass', menu: 'menu.findPass', lazy: () => import('./pages/find-pass'), shellTexts: true },
  { path: 'privacy', menu: 'menu.privacy', lazy: () => import('./pages/privacy') },
];
