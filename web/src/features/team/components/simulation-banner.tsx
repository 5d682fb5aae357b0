// Persistent banner while an administrator is signed in as another user, with the way back.
import { UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';
import { useSimulation } from '../hooks/use-simulation';

export function SimulationBanner() {
  const { t } = useTranslation();
  const simulation = useSession((s) => s.simulation);
  const { stop, stopping } = useSimulation();
  if (!simulation) return null;
  return (
    <Alert
      className="simulation-banner"
      type="warning"
      banner
      showIcon
      icon={<UserSwitchOutlined />}
      role="status"
      title={t('team.simulate.banner', { name: simulation.userName })}
      action={
        <Button size="small" type="primary" loading={stopping} onClick={() => void stop()}>
          {t('team.simulate.return')}
        </Button>
      }
    />
  );
}
