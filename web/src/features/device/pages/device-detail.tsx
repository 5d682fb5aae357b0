// Device details (/deviceDetail/:id, P10000): basic facts (editable by the owner), state, flow card, VPN, video,
// sharing, control password and gateway access; live values (WebSocket) with writes, history, alarms and the log.
import { ArrowLeftOutlined, EditOutlined, MoreOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { useLiveDevice } from '@/lib/ws';
import { useDevice } from '../api/get-device';
import { useLiveValues } from '@/lib/telemetry/get-live-values';
import { useDevicePrivileges } from '@/lib/telemetry/device-privileges';
import { useConfirmUnregister } from '../hooks/use-confirm-unregister';
import { DeviceAlarmsPanel } from '../components/detail/device-alarms-panel';
import { DeviceEditModal } from '../components/registry/device-edit-modal';
import { DeviceLogTable } from '../components/detail/device-log-table';
import { DistributeModal } from '../components/sharing/distribute-modal';
import { HistoryPanel } from '../components/telemetry/history-panel';
import { LiveValuesPanel } from '../components/telemetry/live-values-panel';
import { RelationTag } from '../components/registry/relation-tag';
import { ShareModal } from '../components/sharing/share-modal';
import { DeviceStateBadge } from '../components/registry/state-badge';
import { TransferModal } from '../components/sharing/transfer-modal';
import { DeviceOverview } from './device-overview';
import '../components/registry/registry.css';

// The screens runtime is a chunk of its own, loaded when the tab opens.
const DeviceScreens = lazy(() => import('@/designer/runtime/device-screens'));

const LIST_PATH = '/device/devgroup';
const NOT_FOUND = '110506';

type Dialog = 'edit' | 'share' | 'distribute' | 'transfer' | null;
const TABS: readonly string[] = ['overview', 'screens', 'live', 'history', 'alarms', 'log'];

export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const device = useDevice(id);
  const registered = device.data?.registered === true;
  // One subscription for the page, so switching tabs keeps the values.
  const live = useLiveDevice(registered ? id : null);
  const liveValues = useLiveValues(id, registered);
  // What the caller's role lets them do on this device (GET /dev/privileges; registered devices only).
  const privileges = useDevicePrivileges(id, registered);
  const confirmUnregister = useConfirmUnregister();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The open tab lives in the URL (`?tab=alarms`, links from elsewhere, reload and back keep it); the console's tab
  // bar keeps one tab per page whatever its query string.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') ?? '';
  const tab = TABS.includes(requested) ? requested : 'overview';
  const setTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    if (key === 'overview') next.delete('tab');
    else next.set('tab', key);
    setSearchParams(next, { replace: true });
  };
  const back = () => void navigate(LIST_PATH);

  const backButton = (
    <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('device.detail.back')} onClick={back} />
  );

  const state = detailState({
    query: device,
    valid: Number.isInteger(id) && id > 0,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('device.detail.notFound'),
      notFoundHint: t('device.detail.notFoundHint'),
      loadFailed: t('device.detail.loadFailed'),
      backToList: t('device.detail.backToList'),
      retry: t('device.action.retry'),
    },
    onBack: back,
    backButton,
    className: 'devreg',
  });
  if (state || !device.data) return state;

  const d = device.data;
  const name = d.alias || d.sn_code;
  // The socket's state is newer than the detail's.
  const devState = live.devState === 1 || live.devState === 2 ? live.devState : d.dev_state;
  const activeTab = !d.registered && ['live', 'history', 'alarms'].includes(tab) ? 'overview' : tab;
  const owner = d.can_manage;
  // An unregistered device is its owner's to edit (the server still asks the role's `edit`); sharing needs `share`.
  const mayEdit = !d.registered || privileges.may('edit');
  const mayShare = privileges.may('share');

  const onMore = (key: string) => {
    if (key === 'distribute' || key === 'transfer') {
      setDialog(key);
      return;
    }
    if (key === 'unregister') confirmUnregister(d);
  };

  return (
    <div className="page devreg">
      <PageHeader
        title={
          <span className="devreg-detail__title">
            {backButton}
            <span className="devreg-detail__name">{name}</span>
            <DeviceStateBadge device={{ registered: d.registered, dev_state: devState }} />
            <RelationTag relation={d.relation} />
          </span>
        }
        subTitle={
          <Space size={12} className="devreg-detail__sub">
            <span>
              {t('device.field.sn')}
              {t('device.detail.colon')}
              <Typography.Text copyable className="devreg-mono">
                {d.sn_code}
              </Typography.Text>
            </span>
            {d.dev_model && <Tag variant="filled">{d.dev_model}</Tag>}
          </Space>
        }
        extra={
          owner && (
            <Space wrap>
              {mayEdit && (
                <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                  {t('device.action.edit')}
                </Button>
              )}
              {d.registered && mayShare && (
                <Button icon={<ShareAltOutlined />} onClick={() => setDialog('share')}>
                  {t('device.action.share')}
                </Button>
              )}
              {d.registered && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      ...(mayShare
                        ? [
                            { key: 'distribute', label: t('device.action.distribute') },
                            { key: 'transfer', label: t('device.action.transfer'), danger: true },
                          ]
                        : []),
                      { key: 'unregister', label: t('device.action.unregister'), danger: true },
                    ],
                    onClick: ({ key }) => onMore(key),
                  }}
                >
                  <Button icon={<MoreOutlined />} aria-label={t('device.action.more')} />
                </Dropdown>
              )}
            </Space>
          )
        }
      />
      <Tabs
        activeKey={activeTab}
        onChange={setTab}
        className="devreg-detail__tabs"
        destroyOnHidden
        items={[
          {
            key: 'overview',
            label: t('device.detail.overview'),
            children: <DeviceOverview device={d} onShare={() => setDialog('share')} />,
          },
          ...(d.registered
            ? [
                {
                  key: 'screens',
                  label: t('device.detail.screens'),
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <DeviceScreens deviceId={d.id} />
                    </Suspense>
                  ),
                },
                {
                  key: 'live',
                  label: t('telemetry.tab.live'),
                  children: <LiveValuesPanel deviceId={d.id} live={live} devState={devState} />,
                },
                {
                  key: 'history',
                  label: t('telemetry.tab.history'),
                  children: (
                    <HistoryPanel
                      deviceId={d.id}
                      sn={d.sn_code}
                      items={liveValues.data?.items ?? []}
                      loading={liveValues.isPending}
                    />
                  ),
                },
                {
                  key: 'alarms',
                  label: t('telemetry.tab.alarms'),
                  children: <DeviceAlarmsPanel deviceId={d.id} />,
                },
              ]
            : []),
          {
            key: 'log',
            label: t('device.detail.log'),
            children: (
              <Card className="devreg-section">
                <DeviceLogTable deviceId={d.id} />
              </Card>
            ),
          },
        ]}
      />
      <DeviceEditModal open={dialog === 'edit'} device={d} onClose={() => setDialog(null)} />
      <ShareModal open={dialog === 'share'} device={d} onClose={() => setDialog(null)} />
      <DistributeModal open={dialog === 'distribute'} device={d} onClose={() => setDialog(null)} />
      <TransferModal
        open={dialog === 'transfer'}
        device={d}
        onClose={() => setDialog(null)}
        onTransferred={back}
      />
    </div>
  );
}
