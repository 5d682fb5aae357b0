// A device's screens (issue 16): its template's screens as published, drawn by the runtime with the device's live
// values; the main screen first, the others one click away, jumps and pop-ups with the device passed in. A phone
// shows the template's mobile screens when it has any. The device detail's Screens tab, the configuration monitor
// and the carousel load it (lazily: the runtime is a chunk of its own).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Segmented, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { useIsPhone } from '@/components/use-phone';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { screensFor, type RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import { normalizeDocument } from '../model';
import { DeviceScreen } from './device-screen';
import { useFeedSource } from './feed-source';
import { useScreenFit } from './fit';
import { FitControl, useHostFullscreen } from './fit-control';
import './device-screens.css';

const BIND_PATH = '/configureManage/templateBind';

const asRuntime = (screen: RuntimeScreenOut) => ({
  name: screen.name,
  document: normalizeDocument(screen.document),
  size: { width: screen.width, height: screen.height },
});

export interface DeviceScreensProps {
  deviceId: number;
  /** The viewer may operate the controls at all (false: a read-only share). */
  canOperate?: boolean;
  /** Offer full screen of the screen (false where the page has its own: the configuration monitor, the carousel). */
  fullscreen?: boolean;
}

export default function DeviceScreens({
  deviceId,
  canOperate = true,
  fullscreen: offerFull = true,
}: DeviceScreensProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const canBind = useCan(Perm.TEMPLATE_BIND);
  const query = useFeedSource().useScreens(deviceId);
  const screens = useMemo(() => screensFor(query.data?.screens ?? [], phone), [query.data, phone]);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = screens.find((s) => s.id === chosen) ?? screens[0];
  const runtime = useMemo(() => (shown ? asRuntime(shown) : null), [shown]);
  const [fit, setFit] = useScreenFit();
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const fullscreen = useHostFullscreen(host);

  if (query.isPending) return <Skeleton active className="devscreens__state" />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('designer.runtime.screens.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.detail : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('designer.runtime.screen.retry')}
          </Button>
        }
      />
    );
  if (!shown || !runtime)
    return (
      <Card className="devreg-section">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>
                {t(
                  query.data.template_id === null
                    ? 'designer.runtime.screens.none'
                    : 'designer.runtime.screens.empty',
                )}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(
                  query.data.template_id === null
                    ? 'designer.runtime.screens.noneHint'
                    : 'designer.runtime.screens.emptyHint',
                )}
              </Typography.Text>
            </Space>
          }
        >
          {query.data.template_id === null && canBind && (
            <Link to={BIND_PATH}>
              <Button type="primary">{t('designer.runtime.screens.bind')}</Button>
            </Link>
          )}
        </Empty>
      </Card>
    );

  const loadScreen = (id: number) => {
    const screen = query.data.screens.find((s) => s.id === id);
    return screen
      ? Promise.resolve(asRuntime(screen))
      : Promise.reject(new Error(`screen ${String(id)} is not in the publication`));
  };

  return (
    <Card className="devreg-section devscreens" size="small">
      <div className="devscreens__bar">
        {screens.length > 1 && (
          <Segmented<number>
            className="devscreens__switch"
            aria-label={t('designer.runtime.screens.choose')}
            value={shown.id}
            options={screens.map((s) => ({ value: s.id, label: s.name }))}
            onChange={setChosen}
          />
        )}
        <FitControl
          fit={fit}
          onFit={setFit}
          full={fullscreen.full}
          onFull={offerFull && fullscreen.available ? fullscreen.toggle : undefined}
          phone={phone}
        />
      </div>
      <div
        ref={setHost}
        className={`devscreens__host devscreens__host--${fit}`}
        style={{ aspectRatio: `${String(shown.width)} / ${String(shown.height)}` }}
      >
        <DeviceScreen
          // Another screen chosen here starts afresh (its own jumps and pop-ups).
          key={shown.id}
          deviceId={deviceId}
          screenId={shown.id}
          screenName={shown.name}
          doc={runtime.document}
          defaultSize={runtime.size}
          loadScreen={loadScreen}
          scope={`device-${String(deviceId)}-r${String(query.data.release ?? 0)}`}
          canOperate={canOperate}
          fit={fullscreen.full ? 'contain' : fit}
        />
      </div>
    </Card>
  );
}
