// The carousel's stage: the shown device's screens (the runtime's DeviceScreens, one device mounted at a time so only
// one live subscription runs), its name, online state and place, previous / next, pause / play and full screen.
// With the stage focused, ← and → move and Space pauses; in full screen the controls show on hover or focus.
import {
  CaretRightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  PauseOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Badge, Button, Empty, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { deviceStateKey, STATE_COLORS } from '@/components/map/markers';
import { setDashboardFullscreen } from '@/lib/session';
import type { CarouselDevice, CarouselGroup } from '../../types';
import { deviceName } from './device-name';
import type { Rotation } from './use-rotation';

const DeviceScreens = lazy(() => import('@/designer/runtime/device-screens'));

function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => {
      const isFull = document.fullscreenElement !== null && document.fullscreenElement === target.current;
      setFull(isFull);
      // SPEC §8: the one-error-toast-at-a-time rule of the carousel page does not hold in full screen.
      setDashboardFullscreen(isFull);
    };
    document.addEventListener('fullscreenchange', update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
      setDashboardFullscreen(false);
    };
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen().catch(() => undefined);
  };
  return { full, toggle, supported: typeof document.documentElement.requestFullscreen === 'function' };
}

export function StateBadge({ device }: { device: CarouselDevice }) {
  const { t } = useTranslation();
  if (!device.available) return <Badge color="default" text={t('dashboard.carousel.device.goneState')} />;
  const state = deviceStateKey(device.dev_state, device.registered);
  return <Badge color={STATE_COLORS[state]} text={t(`dashboard.carousel.state.${state}`)} />;
}

export function CarouselStage({
  group,
  devices,
  rotation,
}: {
  group: CarouselGroup;
  devices: readonly CarouselDevice[];
  rotation: Rotation;
}) {
  const { t } = useTranslation();
  const stageRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(stageRef);
  const { current, showable, index, canRotate, paused, running } = rotation;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowRight') rotation.next();
    else if (e.key === 'ArrowLeft') rotation.previous();
    else if (e.key === ' ' && canRotate) rotation.togglePause();
    else return;
    e.preventDefault();
  };

  const moving = showable.some((d) => d !== current);
  return (
    <section
      ref={stageRef}
      className={`carousel-stage${fullscreen.full ? ' carousel-stage--full' : ''}`}
      aria-label={t('dashboard.carousel.stage.label', { name: group.name })}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-stage__bar">
        <div className="carousel-stage__title">
          {current ? (
            <>
              <Typography.Text strong className="carousel-stage__name" ellipsis>
                {deviceName(current, t)}
              </Typography.Text>
              <StateBadge device={current} />
              {index >= 0 && (
                <Typography.Text type="secondary" className="carousel-stage__pos">
                  {t('dashboard.carousel.stage.position', { index: index + 1, total: showable.length })}
                </Typography.Text>
              )}
            </>
          ) : (
            <Typography.Text strong>{group.name}</Typography.Text>
          )}
          {canRotate ? (
            <Tag color={running ? 'processing' : 'default'} variant="filled">
              {running
                ? t('dashboard.carousel.stage.rotating', { interval: group.interval })
                : paused
                  ? t('dashboard.carousel.stage.paused')
                  : t('dashboard.carousel.stage.hiddenPaused')}
            </Tag>
          ) : (
            devices.length > 0 && (
              <Tag variant="filled">
                {group.rotate
                  ? t('dashboard.carousel.stage.tooFew')
                  : t('dashboard.carousel.stage.rotateOff')}
              </Tag>
            )
          )}
        </div>
        <Space size={4} className="carousel-stage__controls">
          <Tooltip title={t('dashboard.carousel.stage.previous')}>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('dashboard.carousel.stage.previous')}
              disabled={!moving}
              onClick={rotation.previous}
            />
          </Tooltip>
          {canRotate && (
            <Tooltip
              title={paused ? t('dashboard.carousel.stage.play') : t('dashboard.carousel.stage.pause')}
            >
              <Button
                icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
                aria-label={paused ? t('dashboard.carousel.stage.play') : t('dashboard.carousel.stage.pause')}
                aria-pressed={paused}
                onClick={rotation.togglePause}
              />
            </Tooltip>
          )}
          <Tooltip title={t('dashboard.carousel.stage.next')}>
            <Button
              icon={<RightOutlined />}
              aria-label={t('dashboard.carousel.stage.next')}
              disabled={!moving}
              onClick={rotation.next}
            />
          </Tooltip>
          {fullscreen.supported && (
            <Tooltip
              title={
                fullscreen.full ? t('dashboard.carousel.stage.exitFull') : t('dashboard.carousel.stage.full')
              }
            >
              <Button
                icon={fullscreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={
                  fullscreen.full
                    ? t('dashboard.carousel.stage.exitFull')
                    : t('dashboard.carousel.stage.full')
                }
                onClick={fullscreen.toggle}
              />
            </Tooltip>
          )}
        </Space>
      </div>
      <div className="carousel-stage__screen">
        <StageBody devices={devices} current={current} />
      </div>
    </section>
  );
}

function StageBody({
  devices,
  current,
}: {
  devices: readonly CarouselDevice[];
  current: CarouselDevice | undefined;
}) {
  const { t } = useTranslation();
  const empty = (title: string, hint: string) => (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      className="carousel-stage__empty"
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Space>
      }
    />
  );
  if (devices.length === 0)
    return empty(t('dashboard.carousel.stage.emptyGroup'), t('dashboard.carousel.stage.emptyGroupHint'));
  if (!current)
    return empty(t('dashboard.carousel.stage.noScreens'), t('dashboard.carousel.stage.noScreensHint'));
  if (!current.available)
    return empty(t('dashboard.carousel.device.gone'), t('dashboard.carousel.stage.goneHint'));
  if (!current.has_main_screen)
    return empty(
      t('dashboard.carousel.stage.noScreen', { name: deviceName(current, t) }),
      t('dashboard.carousel.device.noScreenHint'),
    );
  return (
    <Suspense fallback={<Skeleton active />}>
      {/* A key per device: the device left behind unmounts and its live subscription ends. */}
      <DeviceScreens key={current.device_id} deviceId={current.device_id} fullscreen={false} />
    </Suspense>
  );
}
