// The rollouts' columns: the target version (red "Forced" when the rollout installs at once) with the rollout's
// number, its progress (updated of all, failed in red), its state (why it paused), its wave when it has several, who
// started it and when, and the row's actions (details; pause a running one, resume a paused one, cancel either after
// a confirmation naming the version).
import { Button, Tag } from 'antd';
import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { CellText } from '@/components/table/cell-text';
import { actionColumn, TIME_WIDTH } from '@/components/table/fit-columns';
import { RowActions, type RowAction } from '@/components/table/row-actions';
import { EMPTY, orEmpty } from '@/lib/empty';
import { formatTime } from '@/lib/telemetry/format';
import { MODE_FORCED } from '../api/versions';
import { UPGRADE_PAUSED, UPGRADE_RUNNING, type UpgradeAction, type UpgradeOut } from '../api/upgrades';
import { UpgradeProgress, UpgradeStateCell } from './upgrade-states';

export interface UpgradeRowHandlers {
  open: (upgrade: UpgradeOut) => void;
  act: (upgrade: UpgradeOut, action: UpgradeAction) => void;
  /** The rollout whose action is being sent, if any. */
  pending: number | undefined;
}

/** The actions a rollout allows now, in order: pause or resume, then cancel. */
export function upgradeActions(
  t: TFunction,
  upgrade: UpgradeOut,
  act: (action: UpgradeAction) => void,
  pending = false,
): RowAction[] {
  const label = (key: string) => t(`software.upgrade.actions.${key}`);
  const list: RowAction[] = [];
  if (upgrade.state === UPGRADE_RUNNING)
    list.push({ key: 'pause', label: label('pause'), loading: pending, onClick: () => act('pause') });
  if (upgrade.state === UPGRADE_PAUSED)
    list.push({ key: 'resume', label: label('resume'), loading: pending, onClick: () => act('resume') });
  if (upgrade.state === UPGRADE_RUNNING || upgrade.state === UPGRADE_PAUSED)
    list.push({
      key: 'cancel',
      label: label('cancel'),
      menu: true,
      danger: true,
      confirm: {
        title: t('software.upgrade.actions.cancelConfirm', { version: upgrade.to_version }),
        content: t('software.upgrade.actions.cancelHelp'),
        okText: label('cancelOk'),
      },
      onClick: () => act('cancel'),
    });
  return list;
}

/** The version, bold, as a button opening the rollout, with its "Forced" tag. */
export function UpgradeVersionCell({ upgrade, onOpen }: { upgrade: UpgradeOut; onOpen?: () => void }) {
  return (
    <span className="software-version-cell upgrade-version-cell">
      {onOpen ? (
        <Button type="link" size="small" className="upgrade-version-cell__link" onClick={onOpen}>
          {upgrade.to_version}
        </Button>
      ) : (
        <strong>{upgrade.to_version}</strong>
      )}
      {upgrade.mode === MODE_FORCED && <ForcedTag />}
    </span>
  );
}

/** The library's own word for a forced version (software.mode.1), in red. */
export function ForcedTag() {
  const { t } = useTranslation();
  return <Tag color="red">{t('software.mode.1')}</Tag>;
}

export function upgradeColumns(
  t: TFunction,
  on: UpgradeRowHandlers,
): NonNullable<TableProps<UpgradeOut>['columns']> {
  const label = (key: string) => t(`software.upgrade.actions.${key}`);
  return [
    {
      title: t('software.upgrade.columns.version'),
      key: 'version',
      width: 170,
      render: (_: unknown, r) => (
        <div className="upgrade-version">
          <UpgradeVersionCell upgrade={r} onOpen={() => on.open(r)} />
          <span className="text-secondary upgrade-version__id">
            {t('software.upgrade.rolloutId', { id: r.id })}
          </span>
        </div>
      ),
    },
    {
      title: t('software.upgrade.columns.progress'),
      key: 'progress',
      minWidth: 200,
      render: (_: unknown, r) => <UpgradeProgress upgrade={r} />,
    },
    {
      title: t('software.upgrade.columns.state'),
      key: 'state',
      width: 180,
      render: (_: unknown, r) => <UpgradeStateCell upgrade={r} />,
    },
    {
      title: t('software.upgrade.columns.wave'),
      key: 'wave',
      width: 80,
      responsive: ['md'],
      render: (_: unknown, r) =>
        r.waves > 1
          ? t('software.upgrade.waveText', { wave: Math.min(r.wave + 1, r.waves), waves: r.waves })
          : EMPTY,
    },
    {
      title: t('software.upgrade.columns.startedBy'),
      key: 'created_by',
      width: 110,
      responsive: ['xl'],
      render: (_: unknown, r) => <CellText>{orEmpty(r.created_by_name)}</CellText>,
    },
    {
      title: t('software.upgrade.columns.startedAt'),
      key: 'created_at',
      width: TIME_WIDTH,
      responsive: ['lg'],
      render: (_: unknown, r) => formatTime(r.created_at),
    },
    actionColumn<UpgradeOut>({
      title: t('software.upgrade.columns.actions'),
      labels: [label('details'), label('resume')],
      more: true,
      render: (r) => (
        <RowActions
          moreLabel={t('software.upgrade.actions.moreFor', { version: r.to_version })}
          actions={[
            { key: 'details', label: label('details'), onClick: () => on.open(r) },
            ...upgradeActions(t, r, (action) => on.act(r, action), on.pending === r.id),
          ]}
        />
      ),
    }),
  ];
}
