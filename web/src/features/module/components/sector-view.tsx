// The dashboard presentation (@/dashboards/view) as a sector shows it, loaded with the first dashboard shown: a chunk
// of its own, which the portal and the sector list never load.
import { lazy, type ComponentType } from 'react';

import type { Linkage } from '@/dashboards/widgets/types';
import type { Dashboard } from '@/lib/dashboards/types';

export interface SectorViewProps {
  dashboard: Dashboard;
  mode: 'view';
  linkage: Linkage;
}

export const SectorView = lazy(() =>
  // @ts-expect-error -- the presentation (web/src/dashboards/view) is built beside this page; remove on merge.
  (import('@/dashboards/view') as Promise<{ DashboardView: ComponentType<SectorViewProps> }>).then((m) => ({
    default: m.DashboardView,
  })),
);
