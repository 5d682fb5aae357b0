// The operator console (docs/api-operations.md): outside the tenants' console and its guard; its pages guard
// themselves with the operator's own session (components/operator-frame.tsx).
import type { AppRoute } from '@/types/route';

export const operatorPublicRoutes: AppRoute[] = [
  { path: 'operator/login', menu: 'menu.operatorLogin', lazy: () => import('./pages/login') },
  { path: 'operator', menu: 'menu.operator', lazy: () => import('./pages/statistics') },
  { path: 'operator/statistics', menu: 'menu.operatorStatistics', lazy: () => import('./pages/statistics') },
  { path: 'operator/health', menu: 'menu.operatorHealth', lazy: () => import('./pages/health') },
  { path: 'operator/users', menu: 'menu.operatorUsers', lazy: () => import('./pages/users') },
  { path: 'operator/devices', menu: 'menu.operatorDevices', lazy: () => import('./pages/devices') },
  { path: 'operator/audit', menu: 'menu.operatorAudit', lazy: () => import('./pages/audit') },
];
