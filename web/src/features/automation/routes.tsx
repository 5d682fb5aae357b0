// The automations' route (issue 37 point 5): /configureManage/automation, a child of configuration management beside
// the template groups (app/routes.tsx places it: a feature does not import another).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const automationRoute: AppRoute = {
  path: 'automation',
  perms: [Perm.AUTOMATION],
  menu: 'menu.automation',
  lazy: () => import('./pages/automation'),
};
