// The dashboard presentation (@/dashboards/view) as a sector shows it, loaded with the first dashboard shown: a chunk
// of its own, which the portal and the sector list never load.
import { lazy } from 'react';

import type { Linkage } from '@/dashboards/widgets/types';
import type { Dashboard } from '@/lib/dashboards/types';

export interface SectorViewProps {
  dashboard: Dashboard;
  mode: 'view';
  linkage: Linkage;
}

export const SectorView = lazy(() =>
  import('@/dashboards/view').then((m) => ({
    default: (props: SectorViewProps) => <m.DashboardView {...props} />,
  })),
);
