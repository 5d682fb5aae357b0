// One device as the operator acts on it (/operator/devices; docs/api-operations.md): found by SN across tenants, its
// gateway's VPN queried or reset through the gateway, its flow card queried from the provider or activated, with the
// test period's 6 MB shown (used, left, used up). Every action is audited and lands in the tenant's device log as the
// platform's. An action's refusal (the gateway's reason for the VPN, the provider's for the card) shows in the card of
// what was acted on.
import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Progress,
  Space,
  Spin,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { formatTime } from '@/lib/telemetry/format';
import { toast } from '@/lib/toast';

import { useDeviceAction, useOperatedDevice, type DeviceAction } from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';

const ONLINE = 1;

/** The card an action belongs to, where its refusal is shown. */
type Part = 'vpn' | 'card';
const partOf = (action: DeviceAction): Part => (action.startsWith('vpn/') ? 'vpn' : 'card');

export default function OperatorDevicesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const sn = (search.get('sn') ?? '').trim();
  const device = useOperatedDevice(sn);
  const action = useDeviceAction();
  const [error, setError] = useState<{ part: Part; text: string } | null>(null);
  const data = device.data;

  const run = async (what: DeviceAction) => {
    setError(null);
    try {
      await action.mutateAsync({ sn, action: what });
      toast.success(t(`operator.devices.done.${what.replace('/', '_')}`));
    } catch (failure) {
      setError({
        part: partOf(what),
        text: isApiError(failure) ? failure.detail : t('operator.saveFailed'),
      });
    }
  };
  const refusal = (part: Part) =>
    error?.part === part && (
      <Alert
        type="error"
        showIcon
        title={error.text}
        closable={{ onClose: () => setError(null) }}
        style={{ marginBottom: 12 }}
      />
    );
  const busy = (what: DeviceAction) => action.isPending && action.variables.action === what;

  let body;
  if (!sn) body = <Empty description={t('operator.devices.enterSn')} />;
  else if (device.isPending) body = <Spin />;
  else if (device.isError)
    body = (
      <Alert
        type={isApiError(device.error) && device.error.code === '810103' ? 'warning' : 'error'}
        showIcon
        title={isApiError(device.error) ? device.error.detail : t('operator.loadFailed')}
      />
    );
  else if (data) {
    const card = data.card;
    body = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title={t('operator.devices.device', { sn: data.sn })}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('operator.users.tenant')}>{data.tenant_name}</Descriptions.Item>
            <Descriptions.Item label={t('operator.devices.state')}>
              <Badge
                status={data.dev_state === ONLINE ? 'success' : 'default'}
                text={t(
                  data.dev_state === ONLINE ? 'operator.stats.state.online' : 'operator.stats.state.offline',
                )}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('operator.devices.reported')}>
              {data.report_time ? formatTime(data.report_time) : EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('operator.devices.model')}>
              {data.dev_model || EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('operator.devices.firmware')}>
              {data.firmware_version || EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('operator.devices.version')}>
              {data.back_end_version || EMPTY}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          size="small"
          title={t('operator.devices.vpn')}
          extra={
            <Space wrap>
              <Button onClick={() => void run('vpn/query')} loading={busy('vpn/query')}>
                {t('operator.devices.vpnQuery')}
              </Button>
              <Popconfirm
                title={t('operator.devices.vpnResetConfirm')}
                onConfirm={() => void run('vpn/reset')}
                okText={t('operator.devices.vpnReset')}
                cancelText={t('operator.cancel')}
              >
                <Button danger loading={busy('vpn/reset')}>
                  {t('operator.devices.vpnReset')}
                </Button>
              </Popconfirm>
            </Space>
          }
        >
          {refusal('vpn')}
          <Space>
            <Tag color={data.vpn_state ? 'green' : 'default'}>
              {t(data.vpn_state ? 'operator.devices.vpnOpen' : 'operator.devices.vpnClosed')}
            </Tag>
            <span>{data.vpn_ip || EMPTY}</span>
          </Space>
        </Card>
        <Card
          size="small"
          title={t('operator.devices.card')}
          extra={
            card && (
              <Space wrap>
                <Button onClick={() => void run('flowcard/query')} loading={busy('flowcard/query')}>
                  {t('operator.devices.cardQuery')}
                </Button>
                <Popconfirm
                  title={t('operator.devices.cardActivateConfirm')}
                  onConfirm={() => void run('flowcard/activate')}
                  okText={t('operator.devices.cardActivate')}
                  cancelText={t('operator.cancel')}
                >
                  <Button loading={busy('flowcard/activate')}>{t('operator.devices.cardActivate')}</Button>
                </Popconfirm>
              </Space>
            )
          }
        >
          {refusal('card')}
          {card ? (
            <>
              <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
                <Descriptions.Item label={t('operator.devices.iccid')}>{card.iccid}</Descriptions.Item>
                <Descriptions.Item label={t('operator.devices.package')}>
                  {card.package_name || EMPTY}
                </Descriptions.Item>
                <Descriptions.Item label={t('operator.devices.cardStatus')}>
                  <Tag color={card.status === 'normal' ? 'green' : 'red'}>
                    {t(`operator.devices.status.${card.status}`, { defaultValue: card.status })}
                  </Tag>
                  <Tag>
                    {t(`operator.devices.operatorState.${card.operator_state}`, {
                      defaultValue: card.operator_state,
                    })}
                  </Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('operator.devices.flow')}>
                  {t('operator.devices.flowValue', { used: card.used_mb, total: card.total_mb })}
                </Descriptions.Item>
                <Descriptions.Item label={t('operator.devices.expiry')}>
                  {card.expiry_date ?? EMPTY}
                </Descriptions.Item>
                <Descriptions.Item label={t('operator.devices.refreshed')}>
                  {card.refreshed_at ? formatTime(card.refreshed_at) : EMPTY}
                </Descriptions.Item>
              </Descriptions>
              {data.test_flow && (
                <div>
                  <span className="text-secondary">
                    {t('operator.devices.testFlow', {
                      used: data.test_flow.used_mb,
                      left: data.test_flow.left_mb,
                      total: data.test_flow.total_mb,
                    })}
                  </span>
                  <Progress
                    percent={Math.round((data.test_flow.used_mb / data.test_flow.total_mb) * 100)}
                    status={data.test_flow.exhausted ? 'exception' : 'active'}
                    size="small"
                  />
                  {data.test_flow.exhausted && (
                    <Alert type="warning" showIcon title={t('operator.devices.testFlowExhausted')} />
                  )}
                </div>
              )}
            </>
          ) : (
            <Empty description={t('operator.devices.noCard')} />
          )}
        </Card>
      </Space>
    );
  }

  return (
    <OperatorFrame>
      <PageHeader
        title={t('operator.menu.devices')}
        subTitle={t('operator.devices.subtitle')}
        extra={
          sn ? (
            <Button icon={<ReloadOutlined />} onClick={() => void device.refetch()}>
              {t('operator.retry')}
            </Button>
          ) : undefined
        }
      />
      <Input.Search
        defaultValue={sn}
        allowClear
        enterButton
        maxLength={19}
        placeholder={t('operator.devices.snPlaceholder')}
        aria-label={t('operator.devices.snPlaceholder')}
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(value) => {
          setError(null);
          setSearch(value.trim() ? { sn: value.trim() } : {}, { replace: true });
        }}
      />
      {body}
    </OperatorFrame>
  );
}
