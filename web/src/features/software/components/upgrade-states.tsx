// How the upgrades' states read: a rollout's state (with why it paused), its progress (updated of all, with the
// failed share in red and the count of failed devices), a device's upgrade state (with the download's progress and the
// reason in words: the server's and the gateway's known reasons translated, any other text as the gateway wrote it),
// and why a device cannot take a version.
import { SyncOutlined } from '@ant-design/icons';
import { Progress, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { orEmpty } from '@/lib/empty';
import {
  DEVICE_CANCELLED,
  DEVICE_DOWNLOAD_FAILED,
  DEVICE_DOWNLOADING,
  DEVICE_UPDATABLE,
  DEVICE_UPDATE_FAILED,
  DEVICE_UPDATING,
  failedCount,
  UPGRADE_PAUSED,
  UPGRADE_RUNNING,
  type UpgradeDeviceOut,
  type UpgradeDeviceState,
  type UpgradeOut,
  type UpgradeState,
} from '../api/upgrades';

const UPGRADE_COLORS: Record<UpgradeState, string> = {
  1: 'processing',
  2: 'warning',
  3: 'default',
  4: 'success',
};

const DEVICE_COLORS: Record<UpgradeDeviceState, string> = {
  1: 'default',
  2: 'processing',
  3: 'error',
  4: 'cyan',
  5: 'success',
  6: 'error',
  7: 'default',
};

const REFUSAL_COLORS: Record<number, string> = {
  110579: 'red',
  116007: 'default',
  116008: 'processing',
  116009: 'orange',
  116012: 'success',
};

/** A rollout's state as a coloured tag (spinning while it runs). */
export function UpgradeStateTag({ state }: { state: UpgradeState }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={UPGRADE_COLORS[state]}
      icon={state === UPGRADE_RUNNING ? <SyncOutlined spin /> : undefined}
      className="upgrade-state"
      data-state={state}
    >
      {t(`software.upgrade.state.${String(state)}`)}
    </Tag>
  );
}

/** Why a paused rollout paused, in words (nothing for another state). */
export function pauseReason(t: TFunction, upgrade: Pick<UpgradeOut, 'state' | 'reason'>): string {
  if (upgrade.state !== UPGRADE_PAUSED || !upgrade.reason) return '';
  return t(`software.upgrade.reason.${upgrade.reason}`, { defaultValue: upgrade.reason });
}

/** The state tag and, under it, why a paused rollout paused. */
export function UpgradeStateCell({ upgrade }: { upgrade: UpgradeOut }) {
  const { t } = useTranslation();
  const why = pauseReason(t, upgrade);
  return (
    <div className="upgrade-state-cell">
      <UpgradeStateTag state={upgrade.state} />
      {why && (
        <Typography.Text type="secondary" className="upgrade-state-cell__reason">
          {why}
        </Typography.Text>
      )}
    </div>
  );
}

/** Updated of all, a bar with the updated share in green and the failed share in red, and the failed count. */
export function UpgradeProgress({ upgrade }: { upgrade: Pick<UpgradeOut, 'counts' | 'total'> }) {
  const { t } = useTranslation();
  const { counts, total } = upgrade;
  const failed = failedCount(counts);
  const share = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  const updated = share(counts.updated);
  return (
    <div className="upgrade-progress">
      <div className="upgrade-progress__text">
        <span>{t('software.upgrade.progressText', { updated: counts.updated, total })}</span>
        {failed > 0 && (
          <Typography.Text type="danger" className="upgrade-progress__failed">
            {t('software.upgrade.failedText', { count: failed })}
          </Typography.Text>
        )}
      </div>
      <Progress
        size="small"
        showInfo={false}
        percent={Math.min(100, updated + share(failed))}
        success={{ percent: updated }}
        strokeColor="var(--iot-color-danger, #ff4d4f)"
        aria-label={t('software.upgrade.progressText', { updated: counts.updated, total })}
      />
    </div>
  );
}

/** The known reasons, by their exact text: the server's own and what the iotyun gateway agent reports. */
const KNOWN_REASONS: Record<string, string> = {
  offline: 'offline',
  busy: 'busy',
  timeout: 'timeout',
  cancelled: 'cancelled',
  'sha256 mismatch': 'sha256',
  'busy with another upgrade': 'busyOther',
  'malformed command': 'malformed',
  'the new version did not come online in time': 'notOnline',
};

/** What the state tag already says: the server's default reason of an end the gateway gave no reason for. */
const SAID_BY_STATE: Partial<Record<UpgradeDeviceState, string>> = {
  [DEVICE_DOWNLOAD_FAILED]: 'download',
  [DEVICE_UPDATE_FAILED]: 'failed',
  [DEVICE_CANCELLED]: 'cancelled',
};

/** A device upgrade's reason in the reader's words ('' for none, or for one the state already says). */
export function deviceReason(t: TFunction, device: Pick<UpgradeDeviceOut, 'state' | 'reason'>): string {
  const reason = device.reason.trim();
  if (!reason || SAID_BY_STATE[device.state] === reason) return '';
  const known = KNOWN_REASONS[reason];
  if (known) return t(`software.upgrade.deviceReason.${known}`);
  const back = /^version (\S+)$/.exec(reason);
  if (back?.[1]) return t('software.upgrade.deviceReason.versionBack', { version: back[1] });
  if (/^the new version exited \(.*\)$/.test(reason)) return t('software.upgrade.deviceReason.exited');
  const network = /^network: (.+)$/.exec(reason);
  if (network?.[1]) return t('software.upgrade.deviceReason.network', { detail: network[1] });
  return reason;
}

/**
 * A device's upgrade state: its tag, the download's progress while it downloads, and the reason. `currentWave`: the
 * wave its rollout is on (in the rollout's details), so that a device not yet sent its command says what it waits for.
 */
export function DeviceStateCell({
  device,
  currentWave,
}: {
  device: Pick<UpgradeDeviceOut, 'state' | 'reason' | 'progress' | 'wave'>;
  currentWave?: number | undefined;
}) {
  const { t } = useTranslation();
  let reason = deviceReason(t, device);
  if (!reason && device.state === DEVICE_UPDATABLE && currentWave !== undefined)
    reason =
      device.wave > currentWave
        ? t('software.upgrade.deviceReason.waitingWave', { wave: device.wave + 1 })
        : t('software.upgrade.deviceReason.waitingSend');
  const busy = device.state === DEVICE_DOWNLOADING || device.state === DEVICE_UPDATING;
  return (
    <div className="upgrade-device-state" data-state={device.state}>
      <Tag
        color={DEVICE_COLORS[device.state]}
        icon={busy ? <SyncOutlined spin /> : undefined}
        className="upgrade-device-state__tag"
      >
        {t(`software.upgrade.deviceState.${String(device.state)}`)}
      </Tag>
      {device.state === DEVICE_DOWNLOADING && (
        <Progress
          className="upgrade-device-state__progress"
          size="small"
          percent={device.progress}
          status="active"
          aria-label={t('software.upgrade.deviceState.2')}
        />
      )}
      {reason && (
        <Typography.Text
          type={
            device.state === DEVICE_DOWNLOAD_FAILED || device.state === DEVICE_UPDATE_FAILED
              ? 'danger'
              : 'secondary'
          }
          className="upgrade-device-state__reason"
        >
          {reason}
        </Typography.Text>
      )}
    </div>
  );
}

/** Why a device cannot take the version: a short word, the longer reason on hover. */
export function RefusalTag({ refusal }: { refusal: number }) {
  const { t } = useTranslation();
  const code = String(refusal);
  return (
    <Tooltip title={t(`software.upgrade.refusalHelp.${code}`, { defaultValue: '' }) || undefined}>
      <Tag color={REFUSAL_COLORS[refusal] ?? 'default'} className="upgrade-refusal" data-refusal={refusal}>
        {t(`software.upgrade.refusal.${code}`, { defaultValue: code })}
      </Tag>
    </Tooltip>
  );
}

/** "2.0.5 → 2.1.0". */
export function VersionChange({ from, to }: { from: string; to: string }) {
  return (
    <span className="upgrade-versions">
      <span>{orEmpty(from)}</span>
      <span className="upgrade-versions__arrow" aria-hidden="true">
        {'→'}
      </span>
      <Typography.Text strong>{to}</Typography.Text>
    </span>
  );
}
