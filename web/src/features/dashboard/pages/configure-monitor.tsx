// The configuration monitor (/configureMonitor, P24000, issue 16 point 4): pick a device and watch its screens as
// published, live, with its controls; full screen on demand. The device chosen is in the URL (`?device_id=`), so a
// reload, a link and "back" keep it, and the last one is offered again next time. "Share" makes a link to it
// (P82000).
import { CompressOutlined, ExpandOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Space } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useCan } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { DevicePicker } from '@/components/pickers/device-picker';
import { ShareLinkModal } from '@/components/share-link-modal';
import { useFullscreen } from '@/components/use-fullscreen';
import { Perm } from '@/lib/permissions';
import './configure-monitor.css';

// The screens runtime is a chunk of its own.
const DeviceScreens = lazy(() => import('@/designer/runtime/device-screens'));

/** Where the last device watched is remembered (this browser only). */
export const LAST_DEVICE_KEY = 'iotyun.configure-monitor.device';

function lastDevice(): number | null {
  const stored = Number(window.localStorage.getItem(LAST_DEVICE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export default function ConfigureMonitorPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = Number(searchParams.get('device_id'));
  const deviceId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const canShare = useCan(Perm.SHARE_LINK);
  const [sharing, setSharing] = useState(false);

  const choose = (id: number | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (id) {
      next.set('device_id', String(id));
      window.localStorage.setItem(LAST_DEVICE_KEY, String(id));
    } else next.delete('device_id');
    setSearchParams(next, { replace: true });
  };

  // Opened without a device: the last one watched here, if any.
  useEffect(() => {
    if (deviceId !== null) return;
    const last = lastDevice();
    if (last === null) return;
    const next = new URLSearchParams(searchParams);
    next.set('device_id', String(last));
    setSearchParams(next, { replace: true });
  }, [deviceId, searchParams, setSearchParams]);

  return (
    <div className="page cfgmon">
      <PageHeader
        title={t('menu.configureMonitor')}
        extra={
          <Space wrap>
            <DevicePicker<number>
              className="cfgmon__picker"
              aria-label={t('designer.runtime.monitor.device')}
              value={deviceId ?? undefined}
              allowClear
              onChange={(id) => choose(id)}
            />
            {canShare && (
              <Button
                icon={<ShareAltOutlined />}
                disabled={deviceId === null}
                onClick={() => setSharing(true)}
              >
                {t('share.link.share')}
              </Button>
            )}
            {fullscreen.available && (
              <Button
                icon={fullscreen.full ? <CompressOutlined /> : <ExpandOutlined />}
                disabled={deviceId === null}
                onClick={fullscreen.toggle}
              >
                {t(
                  fullscreen.full
                    ? 'designer.runtime.monitor.exitFullscreen'
                    : 'designer.runtime.monitor.fullscreen',
                )}
              </Button>
            )}
          </Space>
        }
      />
      <div ref={stage} className="cfgmon__stage">
        {deviceId === null ? (
          <Card>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.runtime.monitor.choose')} />
          </Card>
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <DeviceScreens key={deviceId} deviceId={deviceId} fullscreen={false} />
          </Suspense>
        )}
      </div>
      {deviceId !== null && (
        <ShareLinkModal open={sharing} link={null} deviceIds={[deviceId]} onClose={() => setSharing(false)} />
      )}
    </div>
  );
}
