// The VPN card of the device details: the VPN's state and client IP as the gateway reported them, and, for the
// device's owner and the tenant's administrator whose role holds `vpn`, opening or closing it after a confirmation (POST /dev/vpn; the
// gateway must be online; its refusals are shown as the server words them).
import { ApiOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Descriptions, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { EMPTY, orEmpty } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { toast } from '@/lib/toast';
import { useSwitchVpn } from '../../api/switch-vpn';
import type { DeviceDetailOut } from '../../types';

const ONLINE = 1;

export function VpnCard({ device }: { device: DeviceDetailOut }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isAdmin = useSession((s) => s.roles.includes('administrator'));
  const switchVpn = useSwitchVpn();
  // The owner's or the administrator's, and only while their role holds `vpn` (GET /dev/privileges).
  const privileges = useDevicePrivileges(device.id, device.registered);
  const may = device.registered && (device.can_manage || isAdmin) && privileges.may('vpn');
  const online = device.dev_state === ONLINE;
  const open = device.vpn_state === true;
  const name = device.alias || device.sn_code;

  const ask = () =>
    void modal.confirm({
      title: t(open ? 'device.vpn.closeTitle' : 'device.vpn.openTitle', { name }),
      content: t(open ? 'device.vpn.closeContent' : 'device.vpn.openContent'),
      okText: t(open ? 'device.vpn.close' : 'device.vpn.open'),
      okButtonProps: open ? { danger: true } : {},
      cancelText: t('common.action.cancel'),
      onOk: () =>
        switchVpn.mutateAsync({ device_id: device.id, open: !open }).then(
          (out) =>
            toast.success(
              out.vpn_state ? t('device.vpn.opened', { ip: out.vpn_ip || EMPTY }) : t('device.vpn.closed'),
            ),
          (e: unknown) => toast.error(isApiError(e) ? e.detail : String(e)),
        ),
    });

  const button = (
    <Button
      size="small"
      icon={<ApiOutlined />}
      danger={open}
      disabled={!online}
      loading={switchVpn.isPending}
      onClick={ask}
    >
      {t(open ? 'device.vpn.close' : 'device.vpn.open')}
    </Button>
  );

  return (
    <Card
      title={t('device.detail.vpn')}
      className="devreg-section"
      extra={may && (online ? button : <Tooltip title={t('device.vpn.offline')}>{button}</Tooltip>)}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'vpn',
            label: t('device.field.vpnState'),
            children:
              device.vpn_state === null ? (
                EMPTY
              ) : (
                <Badge
                  status={device.vpn_state ? 'success' : 'default'}
                  text={device.vpn_state ? t('device.vpn.on') : t('device.vpn.off')}
                />
              ),
          },
          { key: 'vpnIp', label: t('device.field.vpnIp'), children: orEmpty(device.vpn_ip) },
        ]}
      />
    </Card>
  );
}
