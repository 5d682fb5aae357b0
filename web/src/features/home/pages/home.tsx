// Home (/index, P10000): a compact greeting, device figures linking to their lists, the state charts, the latest
// device events and a small read-only map; the alarm figure follows the WebSocket's alarm pushes. The map (Leaflet,
// the offline outlines, clustering: more than the rest of the page) loads once it comes on screen, a placeholder in
// its place until then: on a laptop's first screen it is below the charts.
import { ApartmentOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { SimpleEmpty } from '@/components/simple-empty';
import { IconAvatar } from '@/components/icon-avatar';
import { DonutChart } from '@/components/charts/donut-chart';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { PageHeader } from '@/components/page-header';
import { useOnScreen } from '@/components/use-on-screen';
import { useAlarmCount } from '@/lib/alarms/alarm-count';
import { Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useRecentDevLog } from '../api/dev-log';
import { useHomeMap } from '../api/map';
import { useHomeTemplates } from '../api/home-templates';
import { useStateInfo } from '../api/state-info';
import { RecentEvents } from '../components/recent-events';
import { FirstSteps, useFirstRun } from '../components/first-steps';
import { StatCards } from '../components/stat-cards';
import { buildGroupBars, buildStateSlices } from '../lib/chart-options';
import { HOME_GUTTER } from '../lib/layout';
import '../home.css';
import { EMPTY } from '@/lib/empty';

const DeviceMap = lazy(() => import('@/components/map/device-map').then((m) => ({ default: m.DeviceMap })));

/** How much of the map's box must be on screen before the map loads: a sliver under the charts is not a map. */
const MAP_ON_SCREEN = 0.1;

function MapPlaceholder() {
  return <div className="home-map__placeholder" aria-hidden="true" />;
}

function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

const BUILT_IN_ROLES: readonly string[] = ['administrator', 'administrator2', 'user'];

/** Built-in roles are stored by code and shown translated; custom roles show their own name. */
function roleLabel(t: TFunction, roleName: string): string {
  if (!roleName) return EMPTY;
  return BUILT_IN_ROLES.includes(roleName) ? t(`common.role.${roleName}`) : roleName;
}

function Greeting({ firstRun }: { firstRun: boolean }) {
  const { t } = useTranslation();
  const name = useSession((s) => s.nickName || s.name);
  const account = useSession((s) => s.name);
  const tenantName = useSession((s) => s.tenantName || s.tenantId);
  const roleName = useSession((s) => s.roleName);
  return (
    <Card size="small" className="welcome-card home-welcome">
      <div className="home-welcome__body">
        <IconAvatar size={44} icon={<UserOutlined />} className="welcome-card__avatar" />
        <div className="home-welcome__text">
          <h5 className="home-welcome__title">{t(greetingKey(new Date().getHours()), { name })}</h5>
          <span className="text-secondary">
            {t(firstRun ? 'home.welcome.firstRun' : 'home.welcome.subtitle')}
          </span>
        </div>
        <dl className="home-welcome__facts">
          <div>
            <dt>
              <IdcardOutlined /> {t('home.welcome.account')}
            </dt>
            <dd>{account}</dd>
          </div>
          <div>
            <dt>
              <ApartmentOutlined /> {t('home.welcome.tenant')}
            </dt>
            <dd>{tenantName}</dd>
          </div>
          <div>
            <dt>
              <UserOutlined /> {t('home.welcome.role')}
            </dt>
            <dd>{roleLabel(t, roleName)}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const stats = useStateInfo();
  const templates = useHomeTemplates();
  // The header bell shares this query (and refreshes it on alarm pushes).
  const alarmCount = useAlarmCount();
  const canSeeLog = useCan(Perm.LOG_INFO, Perm.DEVICE);
  const events = useRecentDevLog(undefined, canSeeLog);
  const map = useHomeMap();
  const canOpenMap = useCan(Perm.DEVICE_GPS);
  // Watched once the figures and charts above it are drawn: while they load, the page is shorter.
  const [mapRef, mapOnScreen] = useOnScreen<HTMLDivElement>(MAP_ON_SCREEN, !stats.isPending);
  const canOpenLog = useCan(Perm.LOG_INFO);
  const info = stats.data;
  const lang = i18n.language;
  const firstRun = useFirstRun(info);

  const labels = useMemo(
    () => ({
      online: t('home.stats.online'),
      offline: t('home.stats.offline'),
      unregistered: t('home.stats.unregistered'),
      total: t('home.stats.total'),
    }),
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );
  const slices = useMemo(() => (info ? buildStateSlices(info, labels) : null), [info, labels]);
  const bars = useMemo(
    () =>
      info
        ? buildGroupBars(
            info.by_group,
            labels,
            (g) =>
              // No group: shares from other tenants the user has not filed in a group of theirs.
              g.group_name ?? t('home.chart.sharedWithMe'),
          )
        : null,
    [info, labels, t],
  );
  const markers = useMemo(
    () => (map.data?.items ?? []).map((d) => ({ ...d, label: d.alias || d.sn_code })),
    [map.data],
  );

  const chartState = (content: ReactNode) => {
    if (stats.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
    if (stats.isError)
      return (
        <SimpleEmpty description={t('home.chart.failed')}>
          <Button onClick={() => void stats.refetch()}>{t('home.retry')}</Button>
        </SimpleEmpty>
      );
    if (info?.total === 0) return <SimpleEmpty description={t('home.chart.noDevices')} />;
    return content;
  };

  return (
    <div className="page home">
      <PageHeader title={t('menu.index')} />
      <Greeting firstRun={firstRun} />
      {firstRun && info ? (
        <FirstSteps info={info} templates={templates.data} />
      ) : (
        <>
          <StatCards info={info} templates={templates.data} alarms={alarmCount.data} />
          {/* Charts and cards stack below 1200 px; beside each other, they share the row 2 : 3 and 3 : 2. */}
          <Row gutter={[HOME_GUTTER, HOME_GUTTER]}>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('home.chart.stateTitle')} className="home-card">
                {chartState(
                  slices && info && (
                    <DonutChart
                      slices={slices}
                      centerValue={String(info.total)}
                      centerLabel={labels.total}
                      height={260}
                      ariaLabel={t('home.chart.stateTitle')}
                    />
                  ),
                )}
              </Card>
            </Col>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('home.chart.groupTitle')} className="home-card">
                {chartState(
                  bars &&
                    (info?.by_group.length ? (
                      <StackedBarChart
                        categories={bars.categories}
                        series={bars.series}
                        height={260}
                        ariaLabel={t('home.chart.groupTitle')}
                      />
                    ) : (
                      <SimpleEmpty description={t('home.chart.noGroups')} />
                    )),
                )}
              </Card>
            </Col>
          </Row>
          <Row gutter={[HOME_GUTTER, HOME_GUTTER]}>
            <Col xs={24} xl={14}>
              <Card
                size="small"
                title={t('home.map.title')}
                className="home-card home-card--map"
                extra={canOpenMap && <Link to="/device/devGPS">{t('home.map.open')}</Link>}
              >
                {map.isError ? (
                  <SimpleEmpty description={t('home.map.failed')}>
                    <Button onClick={() => void map.refetch()}>{t('home.retry')}</Button>
                  </SimpleEmpty>
                ) : (
                  <div className="home-map" ref={mapRef}>
                    {mapOnScreen ? (
                      <Suspense fallback={<MapPlaceholder />}>
                        <DeviceMap
                          tiles={map.data ? map.data.tiles : undefined}
                          theme={map.data?.theme ?? 'normal'}
                          markers={markers}
                          height="100%"
                          compact
                        />
                      </Suspense>
                    ) : (
                      <MapPlaceholder />
                    )}
                    {map.data && (
                      <div className="home-map__legend" aria-hidden="true">
                        {map.data.tiles.url === null && <span>{t('home.map.offline')}</span>}
                        <span>{t('home.map.count', { count: markers.length })}</span>
                      </div>
                    )}
                  </div>
                )}
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card
                size="small"
                title={t('home.events.title')}
                className="home-card"
                extra={
                  canOpenLog && (
                    <Link to="/info/logInfo" className="home-card__more">
                      {t('home.events.more')}
                    </Link>
                  )
                }
              >
                {canSeeLog ? (
                  <RecentEvents
                    events={events.data?.items ?? []}
                    loading={events.isPending}
                    failed={events.isError}
                    onRetry={() => void events.refetch()}
                  />
                ) : (
                  <SimpleEmpty description={t('home.events.noAccess')} />
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
