// One business sector presented (issue 31 point 6). /detail?id= is every signed-in user's: the sector's dashboards
// one at a time in the sector's order (sector-presentation.tsx: tabs, rotation, arrow keys), full screen for a role
// with the fullscreen right (the server checks it: 118006 shows the spec's "no fullscreen permission"), dashboards
// the user may not see skipped with a note saying how many, and a Share button for those with the share-link right
// (P82000). /detail?token= is a sector link's, open without logging in (shared-detail.tsx).
import { ArrowLeftOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { getDashboard } from '@/lib/dashboards/get-dashboard';
import { idParam } from '@/lib/dashboards/paths';
import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSector } from '../api/get-sector';
import { SectorPresentation } from '../components/sector-presentation';
import { SectorStage } from '../components/sector-stage';
import { useSectorShare } from '../components/share-sector';
import { sectorPaths } from '../lib/paths';
import { SharedSectorDetail } from './shared-detail';
import '../components/module.css';

const NOT_FOUND = '100005';

function SectorDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const sector = useSector(id);
  const sharing = useSectorShare();

  const back = (
    <Link to={sectorPaths.portal} className="sector-detail__back">
      <ArrowLeftOutlined /> {t('dashboards.sectors.detail.back')}
    </Link>
  );

  /** The server says whether the role may go full screen (118006: it may not). */
  const mayFullscreen = (dashboardId: number) =>
    getDashboard(dashboardId, 'fullscreen').then(
      () => true,
      (e: unknown) => {
        if (isApiError(e) && e.code === DASHBOARD_CODES.noFullscreenPermission)
          toast.warning(t('dashboards.rights.noFullscreen'));
        else toast.error(isApiError(e) ? e.detail : String(e));
        return false;
      },
    );

  if (id === null || (sector.isError && isApiError(sector.error) && sector.error.code === NOT_FOUND))
    return (
      <div className="sector-detail sector-detail--state">
        <Result
          status="404"
          title={t('dashboards.sectors.detail.notFound')}
          subTitle={t('dashboards.sectors.detail.notFoundHint')}
          extra={back}
        />
      </div>
    );
  if (sector.isError)
    return (
      <div className="sector-detail sector-detail--state">
        <Result
          status="error"
          title={t('dashboards.sectors.detail.loadFailed')}
          subTitle={isApiError(sector.error) ? sector.error.detail : undefined}
          extra={
            <>
              {back}
              <Button type="primary" onClick={() => void sector.refetch()}>
                {t('dashboards.sectors.retry')}
              </Button>
            </>
          }
        />
      </div>
    );
  if (!sector.data)
    return (
      <div className="sector-detail sector-detail--state">
        <Spin size="large" />
      </div>
    );

  const data = sector.data;
  return (
    <>
      <SectorPresentation
        sector={data}
        back={back}
        noteSkipped
        beforeFullscreen={mayFullscreen}
        tools={
          sharing.allowed && (
            <Tooltip title={t('dashboards.sectors.detail.share')}>
              <Button
                type="text"
                icon={<ShareAltOutlined />}
                aria-label={t('dashboards.sectors.detail.share')}
                onClick={() => sharing.share(data)}
              />
            </Tooltip>
          )
        }
        renderStage={(d) => <SectorStage dashboardId={d.id} name={d.name} />}
      />
      {sharing.dialog}
    </>
  );
}

export default function SectorDetailPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  if (token !== null) return <SharedSectorDetail token={token.trim()} />;
  return <SectorDetail id={idParam(search.get('id'))} />;
}
