// Home route (SPEC §2: /index P10000).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const homeRoutes: AppRoute[] = [
  {
    path: 'index',
    perms: [Perm.HOME],
    menu: 'menu.index',
    icon: 'HomeOutlined',
    lazy: () => import('./pages/home'),
    // The home page's texts come with the console frame's (lib/text-areas.ts): /index waits for no other page's.
    consoleTexts: true,
  },
];
