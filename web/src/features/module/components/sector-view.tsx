// The dashboard presentation (@/dashboards/view) as a sector shows it, loaded with the first dashboard shown: a chunk
// of its own, which the portal and the sector list never load. A sector link's page gives the link's data source
// (its cards then read through the link, @/dashboards/data/share-source); the signed-in page the console's.
import { lazy } from 'react';

import type { DashboardSource } from '@/dashboards/data/source';
import type { Linkage } from '@/dashboards/widgets/types';
import type { Dashboard } from '@/lib/dashboards/types';

export interface SectorViewProps {
  dashboard: Dashboard;
  mode: 'view';
  linkage: Linkage;
  /** Where the cards read (a sector link's source); left out, the console's. */
  source?: DashboardSource | undefined;
}

export const SectorView = lazy(() =>
  Promise.all([import('@/dashboards/view'), import('@/dashboards/data/source')]).then(([view, data]) => ({
    default: ({ source, ...props }: SectorViewProps) =>
      source ? (
        <data.DashboardSourceProvider source={source}>
          <view.DashboardView {...props} />
        </data.DashboardSourceProvider>
      ) : (
        <view.DashboardView {...props} />
      ),
  })),
);
