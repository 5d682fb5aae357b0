// A device's Screens tab (issue 16 point 3): its template's screens as published, drawn by the runtime with the
// device's live values; the main screen first, the others one click away, jumps and pop-ups with the device passed
// in. A phone shows the template's mobile screens when it has any. The runtime loads in its own chunk.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Segmented, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { useIsPhone } from '@/components/use-phone';
import { normalizeDocument } from '@/designer/model';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { screensFor, useDeviceScreens, type RuntimeScreenOut } from '@/lib/telemetry/get-device-screens';
import './device-screens.css';

const DeviceScreen = lazy(() =>
  import('@/designer/runtime/device-screen').then((m) => ({ default: m.DeviceScreen })),
);

const BIND_PATH = '/configureManage/templateBind';

const asRuntime = (screen: RuntimeScreenOut) => ({
  name: screen.name,
  document: normalizeDocument(screen.document),
  size: { width: screen.width, height: screen.height },
});

export function DeviceScreensPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const canBind = useCan(Perm.TEMPLATE_BIND);
  const query = useDeviceScreens(deviceId);
  const screens = useMemo(() => screensFor(query.data?.screens ?? [], phone), [query.data, phone]);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = screens.find((s) => s.id === chosen) ?? screens[0];
  const runtime = useMemo(() => (shown ? asRuntime(shown) : null), [shown]);

  if (query.isPending) return <Skeleton active className="devscreens__state" />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('device.screens.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.detail : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('device.screens.retry')}
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
                {t(query.data.template_id === null ? 'device.screens.none' : 'device.screens.empty')}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(query.data.template_id === null ? 'device.screens.noneHint' : 'device.screens.emptyHint')}
              </Typography.Text>
            </Space>
          }
        >
          {query.data.template_id === null && canBind && (
            <Link to={BIND_PATH}>
              <Button type="primary">{t('device.screens.bind')}</Button>
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
      {screens.length > 1 && (
        <Segmented<number>
          className="devscreens__switch"
          aria-label={t('device.screens.choose')}
          value={shown.id}
          options={screens.map((s) => ({ value: s.id, label: s.name }))}
          onChange={setChosen}
        />
      )}
      <div
        className="devscreens__host"
        style={{ aspectRatio: `${String(shown.width)} / ${String(shown.height)}` }}
      >
        <Suspense fallback={<Skeleton active className="devscreens__state" />}>
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
          />
        </Suspense>
      </div>
    </Card>
  );
}
