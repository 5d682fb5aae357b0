// The overview tab of the device details: basic facts, state, VPN, flow card, video, sharing, control password and
// gateway access.
import { Card, Col, Descriptions, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { EMPTY, orEmpty } from '@/lib/empty';
import { useDeviceGroups } from '../api/list-device-groups';
import { ControlPasswordCard } from '../components/detail/control-password-card';
import { DeviceAccessCard } from '../components/detail/device-access-card';
import { FlowCardSection } from '../components/cards/flow-card-section';
import { ShareSummary } from '../components/sharing/share-summary';
import { DeviceStateBadge } from '../components/registry/state-badge';
import { VideoSection } from '../components/detail/video-section';
import { VpnCard } from '../components/detail/vpn-card';
import { formatTime } from '../lib/format';
import type { DeviceDetailOut } from '../types';

export function DeviceOverview({ device, onShare }: { device: DeviceDetailOut; onShare: () => void }) {
  // The device's control password is its owner's, while their role holds `edit` (GET /dev/privileges).
  const mayEdit = useDevicePrivileges(device.id, device.registered).may('edit');
  const { t } = useTranslation();
  const groups = useDeviceGroups();
  const group = groups.data?.find((g) => g.id === device.group_id);
  const live = device.registered;

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('device.detail.basic')} className="devreg-section">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'alias', label: t('device.field.alias'), children: orEmpty(device.alias) },
              {
                key: 'sn',
                label: t('device.field.sn'),
                children: <span className="devreg-mono">{device.sn_code}</span>,
              },
              { key: 'model', label: t('device.field.model'), children: orEmpty(device.dev_model) },
              {
                key: 'firmware',
                label: t('device.field.firmware'),
                children: orEmpty(device.firmware_version),
              },
              {
                key: 'backend',
                label: t('device.field.backEndVersion'),
                children: orEmpty(device.back_end_version),
              },
              { key: 'shipment', label: t('device.field.shipmentNo'), children: orEmpty(device.shipment_no) },
              {
                key: 'group',
                label: t('device.field.group'),
                children: group
                  ? group.name
                  : device.relation === 'share' && device.group_id === null
                    ? t('device.group.sharedWithMe')
                    : orEmpty(device.group_name),
              },
              { key: 'area', label: t('device.field.area'), children: orEmpty(device.area_name) },
              { key: 'address', label: t('device.field.address'), children: orEmpty(device.address) },
              {
                key: 'contact',
                label: t('device.field.contactName'),
                children: orEmpty(device.contact_name),
              },
              {
                key: 'phone',
                label: t('device.field.contactPhone'),
                children: orEmpty(device.contact_phone),
              },
              {
                key: 'email',
                label: t('device.field.contactEmail'),
                children: orEmpty(device.contact_email),
              },
              { key: 'site', label: t('device.field.siteType'), children: orEmpty(device.site_type) },
              { key: 'owner', label: t('device.field.owner'), children: orEmpty(device.owner_name) },
              { key: 'remark', label: t('device.field.remark'), children: orEmpty(device.remark) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('device.detail.state')} className="devreg-section">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'state',
                label: t('device.field.state'),
                children: <DeviceStateBadge device={device} />,
              },
              { key: 'ip', label: t('device.field.ip'), children: live ? orEmpty(device.ip) : EMPTY },
              {
                key: 'report',
                label: t('device.field.reportTime'),
                children: formatTime(device.report_time),
              },
              {
                key: 'registered',
                label: t('device.field.registeredAt'),
                children: formatTime(device.registered_at),
              },
              { key: 'created', label: t('device.field.createdAt'), children: formatTime(device.created_at) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <VpnCard device={device} />
      </Col>
      <Col xs={24} lg={12}>
        <FlowCardSection device={device} />
      </Col>
      <Col xs={24} lg={12}>
        <Space orientation="vertical" size={16} className="devreg-block">
          <VideoSection device={device} />
          {device.can_manage && <ShareSummary device={device} onManage={onShare} />}
        </Space>
      </Col>
      {device.can_manage && mayEdit && (
        <Col xs={24} lg={12}>
          <ControlPasswordCard deviceId={device.id} />
        </Col>
      )}
      <Col xs={24} lg={12}>
        <DeviceAccessCard sn={device.sn_code} />
      </Col>
    </Row>
  );
}
