// Central monitoring (/monitoringCheck, P27000, issue 16 point 4): many devices at once, each a card with its online
// state, active alarms, last report and first data sources' values, live; filtered by group, search, online and
// alarm state (in the URL), 100 a page. Only the cards in or near the viewport read and subscribe. A card opens the
// device's screens over the whole window; the opening is a history entry, so "back" returns to the grid as it was.
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { useDeviceAlarms } from '@/lib/alarms/use-device-alarms';
import { latestSearch } from '@/lib/navigation';
import { useStableCallback } from '@/lib/use-stable-callback';
import { useMonitorDevices, useMonitorTotal } from '../api/monitor-devices';
import { MonitorGrid } from '../components/monitoring/monitor-grid';
import { MonitorToolbar } from '../components/monitoring/monitor-toolbar';
import { ScreenOverlay } from '../components/monitoring/screen-overlay';
import { hasFilters, OPEN_PARAM, useMonitorParams } from '../lib/monitor-params';
import '../components/monitoring/monitoring.css';

/** The history entry of an opening made from the grid (so closing it can go back). */
interface OpenedState {
  monitoringGrid?: boolean;
}

export default function MonitoringCheckPage() {
  const { t } = useTranslation();
  const list = useMonitorParams();
  const { params } = list;
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const filter = { group_id: params.group_id, q: params.q };
  const devices = useMonitorDevices({
    ...filter,
    page: params.page,
    page_size: params.page_size,
    dev_state: params.online ? 1 : undefined,
  });
  const online = useMonitorTotal(filter, 1);
  const offline = useMonitorTotal(filter, 2);
  const alarms = useDeviceAlarms();

  const items = devices.data?.items;
  const shown = items && params.alarm ? items.filter((d) => alarms.byDevice.has(d.id)) : items;
  const inAlarm = items ? items.filter((d) => alarms.byDevice.has(d.id)).length : 0;

  const openId = Number(searchParams.get(OPEN_PARAM));
  const opened = Number.isSafeInteger(openId) && openId > 0 ? openId : null;
  const openedDevice = opened === null ? undefined : items?.find((d) => d.id === opened);

  const onOpen = useStableCallback((deviceId: number) => {
    const next = new URLSearchParams(latestSearch() ?? searchParams);
    next.set(OPEN_PARAM, String(deviceId));
    setSearchParams(next, { state: { monitoringGrid: true } satisfies OpenedState });
  });
  const onClose = () => {
    if ((location.state as OpenedState | null)?.monitoringGrid) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    next.delete(OPEN_PARAM);
    setSearchParams(next, { replace: true });
  };

  const total = devices.data?.total ?? 0;
  return (
    <div className="page moncheck">
      <PageHeader title={t('menu.monitoringCheck')} subTitle={t('dashboard.monitoringCheck.subtitle')} />
      <MonitorToolbar
        filters={params}
        onFilter={list.filter}
        counts={{ online: online.data, offline: offline.data, alarm: inAlarm }}
      />
      <MonitorGrid
        devices={shown}
        loading={devices.isPending}
        error={devices.isError}
        filtered={hasFilters(params)}
        alarms={alarms.byDevice}
        onRetry={() => void devices.refetch()}
        onClear={list.reset}
        onOpen={onOpen}
        covered={opened !== null}
      />
      {total > params.page_size && (
        <Pagination
          className="moncheck-pager"
          current={params.page}
          pageSize={params.page_size}
          total={total}
          showSizeChanger={false}
          onChange={(page) => list.setPage(page)}
        />
      )}
      {opened !== null && (
        <ScreenOverlay
          deviceId={opened}
          name={
            openedDevice
              ? openedDevice.alias || openedDevice.sn_code
              : t('dashboard.monitoringCheck.overlay.device', { id: opened })
          }
          onClose={onClose}
        />
      )}
    </div>
  );
}
