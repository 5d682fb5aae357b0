// One dashboard of a sector presented (/detail): read for viewing, then drawn by the dashboard presentation
// (sector-view.tsx, loaded with the first dashboard shown) with a linkage of its own, held in memory: a device or group
// picked in one of its trees re-points its linked cards, and the next dashboard of the rotation starts afresh.
import { Result, Spin } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Linkage } from '@/dashboards/widgets/types';
import { useDashboard } from '@/lib/dashboards/get-dashboard';
import { isApiError } from '@/lib/http';
import { SectorView } from './sector-view';

function useMemoryLinkage(): Linkage {
  const [deviceId, setDevice] = useState<number | null>(null);
  const [groupId, setGroup] = useState<number | null>(null);
  return useMemo(() => ({ deviceId, groupId, setDevice, setGroup }), [deviceId, groupId]);
}

interface SectorStageProps {
  dashboardId: number;
  /** Its name as the sector gave it (for the failure text). */
  name: string;
}

export function SectorStage({ dashboardId, name }: SectorStageProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard(dashboardId, 'view');
  const linkage = useMemoryLinkage();
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
      <SectorView dashboard={dashboard.data} mode="view" linkage={linkage} />
    </Suspense>
  );
}
