// Popup of a device on the map: alias, SN, state, address, when it was located, and a link to its page.
import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceStateKey } from '@/components/map/markers';
import { formatTime } from '../../lib/format';
import type { MapItem } from '../../lib/monitor-types';
import { deviceDetailPath } from '../../lib/virtual-form';
import { EMPTY } from '@/lib/empty';

export const STATE_BADGE = { online: 'success', offline: 'default', unregistered: 'warning' } as const;

export function MapDevicePopup({ device }: { device: MapItem }) {
  const { t } = useTranslation();
  const state = deviceStateKey(device.dev_state, device.registered);
  return (
    <div className="map-popup">
      <Typography.Text strong className="map-popup__title">
        {device.alias || device.sn_code}
      </Typography.Text>
      <dl className="map-popup__facts">
        <dt>{t('device.map.popup.sn')}</dt>
        <dd>{device.sn_code}</dd>
        <dt>{t('device.map.popup.state')}</dt>
        <dd>
          <Badge status={STATE_BADGE[state]} text={t(`device.map.state.${state}`)} />
        </dd>
        <dt>{t('device.map.popup.address')}</dt>
        <dd>{device.address || EMPTY}</dd>
        <dt>{t('device.map.popup.located')}</dt>
        <dd>{formatTime(device.located_at)}</dd>
      </dl>
      <Link to={deviceDetailPath(device.id)}>{t('device.map.popup.detail')}</Link>
    </div>
  );
}
