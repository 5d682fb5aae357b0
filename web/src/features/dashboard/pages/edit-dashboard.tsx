// The dashboard editor page (/editDashboard?id=, P21200 or P101200): the editor of dashboards/editor for the dashboard
// the address names, back to the dashboard list.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { DashboardEditor } from '@/dashboards/editor';
import { linkedId } from '@/dashboards/view/use-linkage';

export default function EditDashboardPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = linkedId(search.get('id'));
  if (id === null) return <Result status="404" title={t('dashboards.view.noId')} />;
  return (
    <div className="page">
      <DashboardEditor
        key={id}
        dashboardId={id}
        onBack={() => {
          void navigate('/dashboard');
        }}
      />
    </div>
  );
}
