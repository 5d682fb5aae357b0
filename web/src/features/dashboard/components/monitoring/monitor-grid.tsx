// The central monitoring grid: the cards, or loading placeholders, a failure with a retry, or why it is empty.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AlarmSummary } from '@/lib/alarms/use-device-alarms';
import type { MonitorDevice } from '../../api/monitor-devices';
import { GridLiveContext, MonitorCard } from './monitor-card';

const PLACEHOLDERS = 8;

export interface MonitorGridProps {
  devices: readonly MonitorDevice[] | undefined;
  loading: boolean;
  error: boolean;
  filtered: boolean;
  alarms: ReadonlyMap<number, AlarmSummary>;
  onRetry: () => void;
  onClear: () => void;
  onOpen: (deviceId: number) => void;
  /** Something covers the grid: the cards let go of the live channel until it is shown again. */
  covered?: boolean;
}

export function MonitorGrid({
  devices,
  loading,
  error,
  filtered,
  alarms,
  onRetry,
  onClear,
  onOpen,
  covered = false,
}: MonitorGridProps) {
  const { t } = useTranslation();
  if (devices === undefined && loading)
    return (
      <div className="moncheck-grid" aria-busy="true" aria-label={t('dashboard.monitoringCheck.loading')}>
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <Card key={i} loading className="moncheck-placeholder" />
        ))}
      </div>
    );
  if (devices === undefined || (error && devices.length === 0))
    return (
      <Result
        status="warning"
        title={t('dashboard.monitoringCheck.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('dashboard.monitoringCheck.retry')}
          </Button>
        }
      />
    );
  if (devices.length === 0)
    return (
      <Card>
        {filtered ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.monitoringCheck.noMatch')}>
            <Button onClick={onClear}>{t('dashboard.monitoringCheck.clearFilters')}</Button>
          </Empty>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('dashboard.monitoringCheck.noDevices')}
          />
        )}
      </Card>
    );
  return (
    <GridLiveContext value={!covered}>
      <div className="moncheck-grid" aria-label={t('dashboard.monitoringCheck.gridLabel')}>
        {devices.map((device) => {
          const alarm = alarms.get(device.id);
          return (
            <MonitorCard
              key={device.id}
              device={device}
              alarmCount={alarm?.count ?? 0}
              alarmLevel={alarm?.level ?? null}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </GridLiveContext>
  );
}
