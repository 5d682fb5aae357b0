// Analysis routes (SPEC §2: /analysis P60000, designChart, designNewChart) and the export centre (issue 17: any
// signed-in user, since everyone's exports land there; opened from the header, not the sidebar).
import { Perm } from '@/lib/permissions';
import type { AppRoute } from '@/types/route';

export const analysisRoutes: AppRoute[] = [
  {
    path: 'analysis',
    perms: [Perm.ANALYSIS],
    menu: 'menu.analysis',
    icon: 'BarChartOutlined',
    children: [
      {
        path: 'flowAnalysis',
        perms: [Perm.FLOW_ANALYSIS],
        menu: 'menu.flowAnalysis',
        lazy: () => import('./pages/flow-analysis'),
        children: [
          {
            path: 'detail/:id',
            perms: [Perm.FLOW_DETAIL],
            menu: 'menu.flowDetail',
            hidden: true,
            lazy: () => import('./pages/flow-detail'),
          },
        ],
      },
      {
        path: 'dashChart',
        perms: [Perm.DASH_CHART],
        menu: 'menu.dashChart',
        lazy: () => import('./pages/dash-chart'),
        children: [
          {
            path: 'previewChart',
            perms: [Perm.PREVIEW_CHART],
            menu: 'menu.previewChart',
            hidden: true,
            lazy: () => import('./pages/preview-chart'),
          },
        ],
      },
      {
        path: 'reportData',
        perms: [Perm.REPORT_DATA],
        menu: 'menu.reportData',
        lazy: () => import('./pages/report-data'),
      },
    ],
  },
  {
    path: 'designChart',
    perms: [Perm.DESIGN_CHART],
    menu: 'menu.designChart',
    hidden: true,
    lazy: () => import('./pages/design-chart'),
  },
  {
    path: 'designNewChart',
    menu: 'menu.designNewChart',
    hidden: true,
    lazy: () => import('./pages/design-new-chart'),
  },
  {
    path: 'exportCenter',
    menu: 'menu.exportCenter',
    hidden: true,
    lazy: () => import('./pages/export-center'),
  },
];
