// A share link's devices as its visitor sees them: the chosen device's screens, live, with a device selector when
// the link carries several, the link's permission, full screen and the language. Controls only through a control
// link (the server checks every write again); a phone gets the mobile screens when the template has them.
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Badge, Button, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSwitch } from '@/components/language-switch';
import { useFullscreen } from '@/components/use-fullscreen';
import { FeedSourceProvider, type FeedSource } from '@/designer/runtime/feed-source';
import type { SharedModuleOut } from '../api/shared';

// The screens runtime is a chunk of its own.
const DeviceScreens = lazy(() => import('@/designer/runtime/device-screens'));

const PERMISSION_CONTROL = 2;

export interface ShareViewerProps {
  opened: SharedModuleOut;
  deviceId: number;
  onChoose: (deviceId: number) => void;
  source: FeedSource;
}

export function ShareViewer({ opened, deviceId, onChoose, source }: ShareViewerProps) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const device = opened.devices.find((d) => d.id === deviceId);
  const control = opened.link.permission === PERMISSION_CONTROL;

  return (
    <div className="share-page">
      <header className="share-page__header">
        <div className="share-page__title">
          <Typography.Title level={4} className="share-page__name">
            {device?.name ?? t('share.viewer.title')}
          </Typography.Title>
          <Space size={4} wrap>
            <Typography.Text type="secondary">
              {t('share.viewer.sharedBy', { name: opened.share_user.user_name })}
            </Typography.Text>
            <Tag color={control ? 'processing' : 'default'}>{t(`share.permission.${control ? 2 : 1}`)}</Tag>
          </Space>
        </div>
        <Space wrap className="share-page__tools">
          {opened.devices.length > 1 && (
            <Select<number>
              className="share-page__picker"
              aria-label={t('share.viewer.device')}
              value={deviceId}
              onChange={onChoose}
              options={opened.devices.map((d) => ({
                value: d.id,
                label: (
                  <Badge
                    status={d.dev_state === 1 ? 'success' : 'default'}
                    text={d.name === d.sn ? d.sn : `${d.name} (${d.sn})`}
                  />
                ),
              }))}
            />
          )}
          {fullscreen.available && (
            <Button
              icon={fullscreen.full ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={fullscreen.toggle}
            >
              {t(fullscreen.full ? 'share.viewer.exitFullscreen' : 'share.viewer.fullscreen')}
            </Button>
          )}
          <LanguageSwitch compact />
        </Space>
      </header>
      <div ref={stage} className="share-page__stage">
        <FeedSourceProvider source={source}>
          <Suspense fallback={<Skeleton active />}>
            <DeviceScreens key={deviceId} deviceId={deviceId} canOperate={control} />
          </Suspense>
        </FeedSourceProvider>
      </div>
    </div>
  );
}
