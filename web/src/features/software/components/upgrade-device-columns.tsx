// The columns of device upgrades, in a rollout's details and in the history: the device (SN over its name), its
// model, from which version to which, its wave (a rollout of several), its state (the download's progress, the reason
// in words) and when it last changed; the history adds the rollout (opening its details) and who started it.
import { Button } from 'antd';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';

import { CellLines, CellText } from '@/components/table/cell-text';
import { TIME_WIDTH } from '@/components/table/fit-columns';
import { orEmpty } from '@/lib/empty';
import { formatTime } from '@/lib/telemetry/format';
import type { UpgradeDeviceOut, UpgradeOut } from '../api/upgrades';
import { DeviceStateCell, VersionChange } from './upgrade-states';

type Column = TableColumnType<UpgradeDeviceOut>;

export interface DeviceColumnsOptions {
  /** The rollout the rows belong to (its details): its waves and current wave. */
  upgrade?: Pick<UpgradeOut, 'wave' | 'waves'> | undefined;
  /** The history: each row's rollout, opening its details. */
  openRollout?: ((id: number) => void) | undefined;
}

export function upgradeDeviceColumns(t: TFunction, options: DeviceColumnsOptions = {}): Column[] {
  const { upgrade, openRollout } = options;
  const phased = upgrade !== undefined && upgrade.waves > 1;
  const columns: Column[] = [
    {
      title: t('software.upgrade.columns.device'),
      key: 'device',
      width: 170,
      render: (_: unknown, d) => <CellLines primary={d.sn_code} secondary={d.dev_alias} />,
    },
    {
      title: t('software.upgrade.columns.model'),
      key: 'model',
      width: 100,
      responsive: ['md'],
      render: (_: unknown, d) => <CellText>{orEmpty(d.dev_model)}</CellText>,
    },
    {
      title: t('software.upgrade.columns.versions'),
      key: 'versions',
      width: 170,
      render: (_: unknown, d) => <VersionChange from={d.from_version} to={d.to_version} />,
    },
  ];
  if (phased)
    columns.push({
      title: t('software.upgrade.columns.wave'),
      key: 'wave',
      width: 90,
      responsive: ['md'],
      render: (_: unknown, d) => t('software.upgrade.waveNumber', { wave: d.wave + 1 }),
    });
  columns.push({
    title: t('software.upgrade.columns.deviceState'),
    key: 'state',
    minWidth: 200,
    render: (_: unknown, d) => <DeviceStateCell device={d} currentWave={upgrade?.wave} />,
  });
  if (openRollout)
    columns.push(
      {
        title: t('software.upgrade.columns.rollout'),
        key: 'rollout',
        width: 100,
        render: (_: unknown, d) => (
          <Button
            type="link"
            size="small"
            className="upgrade-rollout-link"
            aria-label={t('software.upgrade.history.openRollout', { id: d.upgrade_id })}
            onClick={() => openRollout(d.upgrade_id)}
          >
            {t('software.upgrade.rolloutId', { id: d.upgrade_id })}
          </Button>
        ),
      },
      {
        title: t('software.upgrade.columns.startedBy'),
        key: 'created_by',
        width: 110,
        responsive: ['xl'],
        render: (_: unknown, d) => <CellText>{orEmpty(d.created_by_name)}</CellText>,
      },
    );
  columns.push({
    title: t('software.upgrade.columns.updatedAt'),
    key: 'updated_at',
    width: TIME_WIDTH,
    responsive: ['lg'],
    render: (_: unknown, d) => formatTime(d.finished_at ?? d.updated_at),
  });
  return columns;
}
