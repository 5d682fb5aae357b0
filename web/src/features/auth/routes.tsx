// Account screens reachable without a token (SPEC §2: /login, /register, /findPass, /privacy); all but the privacy
// notice show only the shell's texts, and the sign-in page, the first most visitors open, loads no antd. /qrLogin, the
// QR code's address, needs a token like the console's pages (the guard sends a visitor without one to sign in and
// back): it confirms another browser's QR sign-in (docs/api.md "QR sign-in").
import { loadQrTexts } from '@/lib/i18n';
import type { AppRoute } from '@/types/route';

export const authPublicRoutes: AppRoute[] = [
  { path: 'login', menu: 'menu.login', lazy: () => import('./pages/login'), shellTexts: true, light: true },
  { path: 'register', menu: 'menu.register', lazy: () => import('./pages/register'), shellTexts: true },
  { path: 'findPass', menu: 'menu.findPass', lazy: () => import('./pages/find-pass'), shellTexts: true },
  { path: 'privacy', menu: 'menu.privacy', lazy: () => import('./pages/privacy') },
  {
    path: 'qrLogin',
    menu: 'menu.qrLogin',
    lazy: () => Promise.all([import('./pages/qr-login'), loadQrTexts()]).then(([page]) => page),
    shellTexts: true,
  },
];
