// Dashboard and monitoring-screen routes (SPEC §2: dashboard, editDashboard, configureMonitor, carousel, …).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const dashboardRoutes: AppRoute[] = [
  {
    path: 'dashboard',
    perms: [Perm.DASHBOARD],
    menu: 'menu.dashboard',
    icon: 'DashboardOutlined',
    lazy: () => import('./pages/dashboard'),
  },
  {
    path: 'dashboard/view',
    perms: [Perm.DASHBOARD, Perm.MODULE],
    menu: 'menu.viewDashboard',
    hidden: true,
    lazy: () => import('./pages/view-dashboard'),
    prefetch: () => import('./lib/view-prefetch').then((m) => m.prefetchDashboardView),
  },
  {
    path: 'configureMonitor',
    perms: [Perm.CONFIGURE_MONITOR],
    menu: 'menu.configureMonitor',
    icon: 'DesktopOutlined',
    lazy: () => import('./pages/configure-monitor'),
  },
  {
    path: 'configurationCarousel',
    perms: [Perm.CAROUSEL],
    menu: 'menu.configurationCarousel',
    icon: 'PlaySquareOutlined',
    lazy: () => import('./pages/configuration-carousel'),
  },
  {
    path: 'monitoringCheck',
    perms: [Perm.MONITORING_CHECK],
    menu: 'menu.monitoringCheck',
    icon: 'FundProjectionScreenOutlined',
    lazy: () => import('./pages/monitoring-check'),
  },
  {
    path: 'editDashboard',
    perms: [Perm.DASHBOARD_EDIT, Perm.SECTOR_DASHBOARD_EDIT],
    menu: 'menu.editDashboard',
    hidden: true,
    lazy: () => import('./pages/edit-dashboard'),
  },
  {
    path: 'mobile-db',
    perms: [Perm.DASHBOARD, Perm.MODULE],
    menu: 'menu.mobileDb',
    hidden: true,
    lazy: () => import('./pages/mobile-dashboard'),
  },
];
