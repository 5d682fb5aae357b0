// A device's state: online (green), offline (grey) or unregistered.
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

import type { DeviceOut } from '../../types';

export function DeviceStateBadge({ device }: { device: Pick<DeviceOut, 'registered' | 'dev_state'> }) {
  const { t } = useTranslation();
  if (!device.registered) return <Badge status="warning" text={t('device.state.unregistered')} />;
  if (device.dev_state === 1) return <Badge status="success" text={t('device.state.online')} />;
  return <Badge status="default" text={t('device.state.offline')} />;
}
