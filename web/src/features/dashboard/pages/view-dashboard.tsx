// A dashboard presented in the console (/dashboard/view?id=, P20000 or P100000): its canvas fitted to the page, the
// linkage in the address, full screen after the server allows it (purpose=fullscreen; 118006: the spec's client
// message "no fullscreen permission"), and Edit only for those who may edit it (SPEC §6): the editor's right (P21200,
// or P101200 for a sector's dashboard, as the /editDashboard route asks) and the server's word on this dashboard.
import {
  ArrowLeftOutlined,
  EditOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { useCan } from '@/components/can';
import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { useFillHeight } from '@/components/use-fill-height';
import { useFullscreen } from '@/components/use-fullscreen';
import { DashboardView, useLinkage } from '@/dashboards/view';
import { linkedId } from '@/dashboards/view/use-linkage';
import { dashboardQueryOptions, useDashboard } from '@/lib/dashboards/get-dashboard';
import { dashboardPaths } from '@/lib/dashboards/paths';
import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { setDashboardFullscreen } from '@/lib/session';
import { toast } from '@/lib/toast';
import './view-dashboard.css';

export default function ViewDashboardPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = linkedId(search.get('id'));
  const query = useDashboard(id, 'view');
  const linkage = useLinkage();
  const editor = useCan(Perm.DASHBOARD_EDIT, Perm.SECTOR_DASHBOARD_EDIT);
  const stage = useRef<HTMLDivElement>(null);
  const { full, toggle, available } = useFullscreen(stage);
  const fill = useFillHeight();
  useEffect(() => {
    setDashboardFullscreen(full);
    return () => {
      setDashboardFullscreen(false);
    };
  }, [full]);

  const back = () => void navigate('/dashboard');
  const backButton = (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={t('dashboards.editor.back')}
      onClick={back}
    />
  );
  const state = detailState({
    query,
    valid: id !== null,
    notFoundCode: DASHBOARD_CODES.notFound,
    texts: {
      notFound: t('dashboards.view.notFound'),
      notFoundHint: t('dashboards.view.notFoundHint'),
      loadFailed: t('dashboards.view.loadFailed'),
      backToList: t('dashboards.view.backToList'),
      retry: t('dashboards.view.retry'),
    },
    onBack: back,
    backButton,
  });
  if (state || !query.data || id === null) return state;
  const dashboard = query.data;
  const mayEdit = editor && dashboard.can_edit;

  const goFull = async () => {
    if (full) {
      toggle();
      return;
    }
    try {
      await queryClient.query({ ...dashboardQueryOptions(id, 'fullscreen'), staleTime: 0 });
    } catch (error) {
      if (isApiError(error) && error.code === DASHBOARD_CODES.noFullscreenPermission)
        toast.warning(t('dashboards.rights.noFullscreen'));
      else toast.error(isApiError(error) ? error.detail : t('common.http.failed'));
      return;
    }
    toggle();
  };

  return (
    <div className="page dbpage">
      <PageHeader
        title={
          <Space>
            {backButton}
            {dashboard.name}
          </Space>
        }
        extra={
          <Space wrap>
            {mayEdit && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(dashboardPaths.edit(id))}>
                {t('dashboards.view.edit')}
              </Button>
            )}
            {available && (
              <Button
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => void goFull()}
              >
                {full ? t('dashboards.view.exitFullscreen') : t('dashboards.view.fullscreen')}
              </Button>
            )}
          </Space>
        }
      />
      <div ref={fill} className="dbpage__fill">
        <div ref={stage} className="dbpage__stage">
          <DashboardView dashboard={dashboard} linkage={linkage} />
        </div>
      </div>
    </div>
  );
}
