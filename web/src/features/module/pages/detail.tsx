// One business sector presented (/detail?id=, every signed-in user; issue 31 point 6): its dashboards one at a time
// in the sector's order, chosen with the tabs, rotating every `interval` seconds when above 0 (paused while the pointer
// is over the stage or with the pause button), and full screen for a role with the fullscreen right (the server
// checks it: 118006 shows the spec's "no fullscreen permission"). Dashboards the user may not see are skipped, with
// a note saying how many. The arrow keys on the stage move too.
import {
  ArrowLeftOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  PauseOutlined,
  CaretRightOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Alert, Button, Empty, Result, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { useFullscreen } from '@/components/use-fullscreen';
import { getDashboard } from '@/lib/dashboards/get-dashboard';
import { idParam } from '@/lib/dashboards/paths';
import { DASHBOARD_CODES } from '@/lib/dashboards/types';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSector } from '../api/get-sector';
import { SectorStage } from '../components/sector-stage';
import { sectorPaths } from '../lib/paths';
import { useSectorRotation } from '../lib/use-sector-rotation';
import '../components/module.css';

const NOT_FOUND = '100005';

export default function SectorDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  const sector = useSector(id);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const [asking, setAsking] = useState(false);

  const dashboards = sector.data?.dashboards;
  const shown = useMemo(() => (dashboards ?? []).filter((d) => d.available), [dashboards]);
  const ids = useMemo(() => shown.map((d) => d.id), [shown]);
  const skipped = (dashboards?.length ?? 0) - shown.length;
  const rotation = useSectorRotation(ids, sector.data?.interval ?? 0);
  const current = shown.find((d) => d.id === rotation.current);

  const back = (
    <Link to={sectorPaths.portal} className="sector-detail__back">
      <ArrowLeftOutlined /> {t('dashboards.sectors.detail.back')}
    </Link>
  );

  const enterFullscreen = () => {
    if (fullscreen.full) {
      fullscreen.toggle();
      return;
    }
    if (!current) return;
    setAsking(true);
    getDashboard(current.id, 'fullscreen')
      .then(
        () => fullscreen.toggle(),
        (e: unknown) => {
          if (isApiError(e) && e.code === DASHBOARD_CODES.noFullscreenPermission)
            toast.warning(t('dashboards.rights.noFullscreen'));
          else toast.error(isApiError(e) ? e.detail : String(e));
        },
      )
      .finally(() => setAsking(false));
  };

  if (id === null || (sector.isError && isApiError(sector.error) && sector.error.code === NOT_FOUND))
    return (
      <div className="sector-detail sector-detail--state">
        <Result
          status="404"
          title={t('dashboards.sectors.detail.notFound')}
          subTitle={t('dashboards.sectors.detail.notFoundHint')}
          extra={back}
        />
      </div>
    );
  if (sector.isError)
    return (
      <div className="sector-detail sector-detail--state">
        <Result
          status="error"
          title={t('dashboards.sectors.detail.loadFailed')}
          subTitle={isApiError(sector.error) ? sector.error.detail : undefined}
          extra={
            <>
              {back}
              <Button type="primary" onClick={() => void sector.refetch()}>
                {t('dashboards.sectors.retry')}
              </Button>
            </>
          }
        />
      </div>
    );
  if (!sector.data)
    return (
      <div className="sector-detail sector-detail--state">
        <Spin size="large" />
      </div>
    );

  const { name, interval } = sector.data;
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
              <Tooltip
                title={
                  rotation.paused
                    ? t('dashboards.sectors.detail.resume')
                    : t('dashboards.sectors.detail.pause')
                }
              >
                <Button
                  type="text"
                  icon={rotation.paused ? <CaretRightOutlined /> : <PauseOutlined />}
                  aria-label={
                    rotation.paused
                      ? t('dashboards.sectors.detail.resume')
                      : t('dashboards.sectors.detail.pause')
                  }
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
            <Tooltip
              title={
                fullscreen.full
                  ? t('dashboards.sectors.detail.exitFullscreen')
                  : t('dashboards.sectors.detail.fullscreen')
              }
            >
              <Button
                type="text"
                loading={asking}
                icon={fullscreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={
                  fullscreen.full
                    ? t('dashboards.sectors.detail.exitFullscreen')
                    : t('dashboards.sectors.detail.fullscreen')
                }
                onClick={enterFullscreen}
              />
            </Tooltip>
          )}
        </span>
      </header>
      {skipped > 0 && (
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
          <SectorStage key={current.id} dashboardId={current.id} name={current.name} />
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
