// One dashboard of a sector presented (/detail): read for viewing, then drawn by the dashboard presentation
// (sector-view.tsx, loaded with the first dashboard shown) with a linkage of its own, held in memory: a device or group
// picked in one of its trees re-points its linked cards, and the next dashboard of the rotation starts afresh. The
// signed-in page reads it as the user (GET /yun/dashboard/detail) and its cards read the console's endpoints; a sector
// link's page opens it through the link (GET /yun/shared/dashboard?id=) and its cards read through the link's source
// (`dashboard=<id>` on each read, the link's socket), starting on the link's device and group.
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { createShareSource } from '@/dashboards/data/share-source';
import type { DashboardSource } from '@/dashboards/data/source';
import { useMemoryLinkage, type LinkChoice } from '@/dashboards/view/use-linkage';
import type { Linkage } from '@/dashboards/widgets/types';
import { useDashboard } from '@/lib/dashboards/get-dashboard';
import type { Dashboard } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { SHARE_LINK_NO_ACCESS } from '@/lib/share-links/share-codes';
import type { RtdClient } from '@/lib/ws';
import { sharedSectorDashboardKey, useSharedSectorDashboard } from '../api/open-shared-sector';
import { SectorView } from './sector-view';

interface SectorStageProps {
  dashboardId: number;
  /** Its name as the sector gave it (for the failure text). */
  name: string;
}

function StageBody({
  dashboard,
  name,
  linkage,
  source,
}: {
  dashboard: UseQueryResult<Dashboard>;
  name: string;
  linkage: Linkage;
  source?: DashboardSource | undefined;
}) {
  const { t } = useTranslation();
  const loading = (
    <div className="sector-stage__state">
      <Spin size="large" description={t('dashboards.sectors.detail.loading')}>
        <div className="sector-stage__spin" />
      </Spin>
    </div>
  );
  if (dashboard.isError)
    return (
      <div className="sector-stage__state">
        <Result
          status="warning"
          title={t('dashboards.sectors.detail.dashboardFailed', { name })}
          subTitle={isApiError(dashboard.error) ? dashboard.error.detail : undefined}
        />
      </div>
    );
  if (!dashboard.data) return loading;
  return (
    <Suspense fallback={loading}>
      <SectorView dashboard={dashboard.data} mode="view" linkage={linkage} source={source} />
    </Suspense>
  );
}

/** A dashboard of the sector, as the signed-in user sees it. */
export function SectorStage({ dashboardId, name }: SectorStageProps) {
  const dashboard = useDashboard(dashboardId, 'view');
  const linkage = useMemoryLinkage();
  return <StageBody dashboard={dashboard} name={name} linkage={linkage} />;
}

/** What a sector link's page gives each dashboard it shows. */
export interface SectorLinkContext {
  token: string;
  /** The link's socket, one for the page: every dashboard's cards follow their devices on it. */
  rtd: RtdClient;
  /** The link ended (118301–118305): the page shows why. */
  onEnded: (code: number) => void;
  /** The link's starting device and group. */
  start: LinkChoice;
}

/** A dashboard of the sector, opened through the link, its cards reading through the link's source. */
export function SharedSectorStage({
  dashboardId,
  name,
  link,
}: SectorStageProps & { link: SectorLinkContext }) {
  const { token, rtd, onEnded, start } = link;
  const dashboard = useSharedSectorDashboard(token, dashboardId, onEnded);
  const client = useQueryClient();
  // One source per dashboard shown (its reads name it), made once: a source must not change under its cards. A read
  // refused for the dashboard itself (118302 without a field: the creator no longer sees it) opens it again, so the
  // stage says so while the sector's other dashboards keep showing; a creator locked out ends the link's socket.
  const source = useMemo(
    () =>
      createShareSource({
        token,
        rtd,
        onEnded: (code) => {
          if (code === SHARE_LINK_NO_ACCESS)
            void client.invalidateQueries({ queryKey: sharedSectorDashboardKey(token, dashboardId) });
          else onEnded(code);
        },
        dashboard: dashboardId,
      }),
    [token, rtd, onEnded, dashboardId, client],
  );
  const linkage = useMemoryLinkage(start);
  return <StageBody dashboard={dashboard} name={name} linkage={linkage} source={source} />;
}
