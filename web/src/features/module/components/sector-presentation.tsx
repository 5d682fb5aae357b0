// A business sector presented (/detail): its dashboards one at a time in the sector's order, chosen with the tabs,
// rotating every `interval` seconds when above 0 (paused while the pointer is over the stage or with the pause
// button), the arrow keys on the stage moving too, and full screen with dots to choose in it. The signed-in page
// (/detail?id=) and a sector link's (/detail?token=) both show it; each gives what the stage draws and what stands
// around the bar (the way back to the portal, the share button, the language), and the signed-in page asks the
// server for the fullscreen right first. Dashboards not shown (`available` false) are skipped.
import {
  CaretRightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  PauseOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Alert, Button, Empty, Tabs, Tooltip, Typography } from 'antd';
import { Fragment, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useFullscreen } from '@/components/use-fullscreen';
import type { Sector, SectorDashboard } from '@/lib/dashboards/types';
import { useSectorRotation } from '../lib/use-sector-rotation';
import './module.css';

export interface SectorPresentationProps {
  sector: Sector;
  /** Before the title: the way back to the portal. */
  back?: ReactNode;
  /** At the end of the bar, after the rotation's and the full screen's buttons. */
  tools?: ReactNode;
  /** Say how many dashboards were skipped (the signed-in user's: those they may not see). */
  noteSkipped?: boolean;
  /** Asked before going full screen on the dashboard shown: go when it resolves true. None: go at once. */
  beforeFullscreen?: (dashboardId: number) => Promise<boolean>;
  /** What the stage draws for the dashboard shown (mounted afresh for each). */
  renderStage: (dashboard: SectorDashboard) => ReactNode;
}

export function SectorPresentation({
  sector,
  back,
  tools,
  noteSkipped = false,
  beforeFullscreen,
  renderStage,
}: SectorPresentationProps) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const [asking, setAsking] = useState(false);
  const { name, interval, dashboards } = sector;
  const shown = useMemo(() => dashboards.filter((d) => d.available), [dashboards]);
  const ids = useMemo(() => shown.map((d) => d.id), [shown]);
  const skipped = dashboards.length - shown.length;
  const rotation = useSectorRotation(ids, interval);
  const current = shown.find((d) => d.id === rotation.current);

  const toggleFullscreen = () => {
    if (fullscreen.full || !beforeFullscreen) {
      fullscreen.toggle();
      return;
    }
    if (!current) return;
    setAsking(true);
    void beforeFullscreen(current.id)
      .then((go) => {
        if (go) fullscreen.toggle();
      })
      .finally(() => setAsking(false));
  };

  const pauseLabel = rotation.paused
    ? t('dashboards.sectors.detail.resume')
    : t('dashboards.sectors.detail.pause');
  const fullscreenLabel = fullscreen.full
    ? t('dashboards.sectors.detail.exitFullscreen')
    : t('dashboards.sectors.detail.fullscreen');
  return (
    <div className="sector-detail">
      <header className="sector-detail__bar">
        {back}
        <Typography.Title level={4} className="sector-detail__title">
          {name}
        </Typography.Title>
        {shown.length > 0 && (
          <Tabs
            className="sector-detail__tabs"
            size="small"
            aria-label={t('dashboards.sectors.detail.choose')}
            activeKey={String(rotation.current)}
            onChange={(key) => rotation.show(Number(key))}
            items={shown.map((d) => ({ key: String(d.id), label: d.name }))}
          />
        )}
        <span className="sector-detail__controls">
          {rotation.canRotate && (
            <>
              <Typography.Text className="sector-detail__rotation" aria-live="polite">
                {rotation.running
                  ? t('dashboards.sectors.detail.rotating', { count: interval })
                  : t('dashboards.sectors.detail.paused')}
              </Typography.Text>
              <Tooltip title={t('dashboards.sectors.detail.previous')}>
                <Button
                  type="text"
                  icon={<LeftOutlined />}
                  aria-label={t('dashboards.sectors.detail.previous')}
                  onClick={rotation.previous}
                />
              </Tooltip>
              <Tooltip title={pauseLabel}>
                <Button
                  type="text"
                  icon={rotation.paused ? <CaretRightOutlined /> : <PauseOutlined />}
                  aria-label={pauseLabel}
                  onClick={rotation.togglePause}
                />
              </Tooltip>
              <Tooltip title={t('dashboards.sectors.detail.next')}>
                <Button
                  type="text"
                  icon={<RightOutlined />}
                  aria-label={t('dashboards.sectors.detail.next')}
                  onClick={rotation.next}
                />
              </Tooltip>
            </>
          )}
          {fullscreen.available && current && (
            <Tooltip title={fullscreenLabel}>
              <Button
                type="text"
                loading={asking}
                icon={fullscreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={fullscreenLabel}
                onClick={toggleFullscreen}
              />
            </Tooltip>
          )}
          {tools}
        </span>
      </header>
      {noteSkipped && skipped > 0 && (
        <Alert
          className="sector-detail__note"
          type="info"
          showIcon
          banner
          title={t('dashboards.sectors.detail.skipped', { count: skipped })}
        />
      )}
      <div
        ref={stage}
        className="sector-detail__stage"
        role="region"
        aria-label={current ? t('dashboards.sectors.detail.stage', { name: current.name }) : name}
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'ArrowRight') rotation.next();
          else if (e.key === 'ArrowLeft') rotation.previous();
        }}
        onMouseEnter={() => rotation.hover(true)}
        onMouseLeave={() => rotation.hover(false)}
      >
        {current ? (
          <Fragment key={current.id}>{renderStage(current)}</Fragment>
        ) : (
          <Empty className="sector-detail__empty" description={t('dashboards.sectors.detail.empty')} />
        )}
        {fullscreen.full && shown.length > 1 && (
          <nav className="sector-detail__dots" aria-label={t('dashboards.sectors.detail.choose')}>
            {shown.map((d) => (
              <button
                key={d.id}
                type="button"
                className={`sector-detail__dot${d.id === rotation.current ? ' sector-detail__dot--active' : ''}`}
                aria-label={t('dashboards.sectors.detail.show', { name: d.name })}
                aria-current={d.id === rotation.current ? 'true' : undefined}
                onClick={() => rotation.show(d.id)}
              />
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}
