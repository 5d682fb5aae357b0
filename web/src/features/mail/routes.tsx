// The page a mail verification link opens (/verifyMail?token=…), without logging in.
import type { AppRoute } from '@/types/route';

export const mailPublicRoutes: AppRoute[] = [
  { path: 'verifyMail', menu: 'menu.verifyMail', lazy: () => import('./pages/verify-mail') },
];
