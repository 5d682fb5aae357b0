// A rollout's details (opened from its row, or from `?id=` in the address: the inbox's link to a rollout that paused
// or ended): its version and state (why it paused), its progress and its devices counted by state, its mode and
// waves, and its devices page by page with their state, progress and reason, filtered by state or searched. While the
// rollout has not ended both are asked for again every 2 s (docs/decisions.md "Upgrades"); once it has, nothing is.
// Pause, resume and cancel (asked first) are at its foot.
import {
  CloseCircleOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Result,
  Select,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { useIsPhone } from '@/components/use-phone';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { orEmpty } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { formatTime } from '@/lib/telemetry/format';
import { confirmDialog } from '@/lib/toast';
import {
  DEVICE_STATES,
  failedCount,
  isLive,
  UPGRADE_PAUSED,
  UPGRADE_REFRESH_MS,
  UPGRADE_RUNNING,
  useUpgrade,
  useUpgradeHistory,
  type UpgradeDeviceOut,
  type UpgradeDeviceState,
  type UpgradeOut,
} from '../api/upgrades';
import { MODE_FORCED } from '../api/versions';
import { ForcedTag } from './upgrade-columns';
import { upgradeDeviceColumns } from './upgrade-device-columns';
import { UpgradeProgress, UpgradeStateTag, pauseReason } from './upgrade-states';
import { useUpgradeActions } from './use-upgrade-actions';

/** The rollout answered 100005: not the tenant's (or gone). */
const NOT_FOUND = '100005';
const DEVICE_PAGE_SIZE = 10;

export interface UpgradeDrawerProps {
  open: boolean;
  id: number | undefined;
  onClose: () => void;
}

function Stats({ upgrade }: { upgrade: UpgradeOut }) {
  const { t } = useTranslation();
  const { counts } = upgrade;
  const items: { key: string; value: number; tone?: string }[] = [
    { key: 'total', value: upgrade.total },
    { key: 'updated', value: counts.updated, tone: 'success' },
    { key: 'inProgress', value: counts.downloading + counts.updating, tone: 'primary' },
    { key: 'failed', value: failedCount(counts), tone: 'danger' },
    { key: 'waiting', value: counts.updatable },
    { key: 'cancelled', value: counts.cancelled, tone: 'muted' },
  ];
  return (
    <div className="upgrade-stats">
      {items.map((item) => (
        <Statistic
          key={item.key}
          className={`upgrade-stat${item.tone && item.value > 0 ? ` upgrade-stat--${item.tone}` : ''}`}
          data-stat={item.key}
          title={t(`software.upgrade.drawer.${item.key}`)}
          value={item.value}
        />
      ))}
    </div>
  );
}

function Summary({ upgrade }: { upgrade: UpgradeOut }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`software.upgrade.drawer.${key}`);
  const phased = upgrade.waves > 1;
  return (
    <Descriptions
      size="small"
      className="upgrade-drawer__summary"
      column={{ xs: 1, sm: 2 }}
      items={[
        {
          key: 'mode',
          label: d('mode'),
          children: t(`software.upgrade.mode.${String(upgrade.mode)}`),
          span: { xs: 1, sm: 2 },
        },
        {
          key: 'waves',
          label: d('waves'),
          children: phased
            ? t('software.upgrade.drawer.waveNow', {
                wave: Math.min(upgrade.wave + 1, upgrade.waves),
                waves: upgrade.waves,
              })
            : d('oneWave'),
        },
        ...(phased
          ? [
              {
                key: 'settings',
                label: d('waveSettings'),
                children: t('software.upgrade.drawer.waveSettingsText', {
                  first: upgrade.first_wave,
                  step: upgrade.step_percent,
                }),
              },
            ]
          : []),
        {
          key: 'threshold',
          label: d('threshold'),
          children:
            upgrade.failure_percent >= 100
              ? d('noThreshold')
              : t('software.upgrade.drawer.thresholdText', { percent: upgrade.failure_percent }),
        },
        { key: 'by', label: d('startedBy'), children: orEmpty(upgrade.created_by_name) },
        { key: 'at', label: d('startedAt'), children: formatTime(upgrade.created_at) },
        ...(upgrade.finished_at === null
          ? []
          : [{ key: 'end', label: d('finishedAt'), children: formatTime(upgrade.finished_at) }]),
      ]}
    />
  );
}

function Devices({ upgrade, live }: { upgrade: UpgradeOut; live: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<UpgradeDeviceState | undefined>(undefined);
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, page_size: DEVICE_PAGE_SIZE });
  const devices = useUpgradeHistory(
    { upgrade_id: upgrade.id, state, keyword, ...page },
    { refreshMs: live ? UPGRADE_REFRESH_MS : false },
  );
  // The rollout has just ended: its devices once more, as the last poll may have come before the end.
  const wasLive = useRef(live);
  const { refetch } = devices;
  useEffect(() => {
    if (wasLive.current && !live) void refetch();
    wasLive.current = live;
  }, [live, refetch]);

  const columns = upgradeDeviceColumns(t, { upgrade });
  const scroll = useFitScroll(columns);
  const filtered = state !== undefined || keyword !== undefined;

  return (
    <section className="upgrade-drawer__devices" aria-label={t('software.upgrade.drawer.devices')}>
      <Typography.Title level={5} className="upgrade-drawer__heading">
        {t('software.upgrade.drawer.devices')}
      </Typography.Title>
      <div className="software-toolbar list-toolbar upgrade-drawer__toolbar">
        <Input.Search
          className="software-toolbar__search"
          allowClear
          placeholder={t('software.upgrade.drawer.deviceSearch')}
          aria-label={t('software.upgrade.drawer.deviceSearch')}
          onSearch={(q) => {
            setKeyword(q.trim() || undefined);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<UpgradeDeviceState>
          className="software-toolbar__filter"
          allowClear
          placeholder={t('software.upgrade.drawer.stateFilter')}
          aria-label={t('software.upgrade.drawer.stateFilter')}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={DEVICE_STATES.map((value) => ({
            value,
            label: t(`software.upgrade.deviceState.${String(value)}`),
          }))}
        />
      </div>
      {devices.isError ? (
        <Result
          status="warning"
          title={t('software.upgrade.drawer.devicesFailed')}
          subTitle={isApiError(devices.error) ? devices.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void devices.refetch()}>
              {t('software.version.retry')}
            </Button>
          }
        />
      ) : (
        <DataTable<UpgradeDeviceOut>
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={scroll}
          dataSource={devices.data?.items ?? []}
          loading={devices.isPending || (devices.isFetching && devices.isPlaceholderData)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('software.upgrade.drawer.noDevices') : undefined}
              />
            ),
          }}
          pagination={{
            current: page.page,
            pageSize: page.page_size,
            total: devices.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('software.upgrade.drawer.devicesTotal', { total }),
          }}
          onChange={(pagination) =>
            setPage({
              page: pagination.current ?? 1,
              page_size: pagination.pageSize ?? DEVICE_PAGE_SIZE,
            })
          }
        />
      )}
    </section>
  );
}

function Actions({ upgrade }: { upgrade: UpgradeOut }) {
  const { t } = useTranslation();
  const { run, pending } = useUpgradeActions();
  const busy = pending === upgrade.id;
  const label = (key: string) => t(`software.upgrade.actions.${key}`);
  const running = upgrade.state === UPGRADE_RUNNING;
  const paused = upgrade.state === UPGRADE_PAUSED;
  if (!running && !paused) return null;
  return (
    <div className="upgrade-drawer__actions">
      {running && (
        <Button icon={<PauseCircleOutlined />} loading={busy} onClick={() => run(upgrade, 'pause')}>
          {label('pause')}
        </Button>
      )}
      {paused && (
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          loading={busy}
          onClick={() => run(upgrade, 'resume')}
        >
          {label('resume')}
        </Button>
      )}
      <Button
        danger
        icon={<CloseCircleOutlined />}
        disabled={busy}
        onClick={() =>
          void confirmDialog({
            title: t('software.upgrade.actions.cancelConfirm', { version: upgrade.to_version }),
            content: t('software.upgrade.actions.cancelHelp'),
            okText: label('cancelOk'),
            cancelText: t('common.action.cancel'),
            danger: true,
          }).then((yes) => {
            if (yes) run(upgrade, 'cancel');
          })
        }
      >
        {label('cancel')}
      </Button>
    </div>
  );
}

export const UpgradeDrawer = perOpening(function UpgradeDrawer({ open, id, onClose }: UpgradeDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const info = useUpgrade(open ? id : undefined);
  const upgrade = info.data;
  const live = isLive(upgrade);
  const why = upgrade ? pauseReason(t, upgrade) : '';

  let body;
  // A poll that failed keeps what was read (the next one may answer); only a rollout never read shows the error.
  if (info.isError && !upgrade) {
    const gone = isApiError(info.error) && info.error.code === NOT_FOUND;
    body = (
      <Result
        status={gone ? '404' : 'warning'}
        title={t(gone ? 'software.upgrade.drawer.notFound' : 'software.upgrade.drawer.loadFailed')}
        subTitle={!gone && isApiError(info.error) ? info.error.detail : undefined}
        extra={
          gone ? undefined : (
            <Button icon={<ReloadOutlined />} onClick={() => void info.refetch()}>
              {t('software.version.retry')}
            </Button>
          )
        }
      />
    );
  } else if (!upgrade) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <div className="upgrade-drawer__body">
        <div className="upgrade-drawer__head">
          <div className="upgrade-drawer__version">
            <Typography.Text strong className="upgrade-drawer__to">
              {upgrade.to_version}
            </Typography.Text>
            {upgrade.mode === MODE_FORCED && <ForcedTag />}
            <UpgradeStateTag state={upgrade.state} />
          </div>
          {live && (
            <Typography.Text type="secondary" className="upgrade-drawer__live">
              <SyncOutlined spin={info.isFetching} />
              {t('software.upgrade.drawer.live', { seconds: UPGRADE_REFRESH_MS / 1000 })}
            </Typography.Text>
          )}
        </div>
        {upgrade.state === UPGRADE_PAUSED && (
          <Alert
            type="warning"
            showIcon
            className="upgrade-drawer__alert"
            title={why || t('software.upgrade.state.2')}
            description={
              upgrade.reason === 'failure_threshold'
                ? t('software.upgrade.drawer.thresholdPaused', {
                    wave: upgrade.wave + 1,
                    percent: upgrade.failure_percent,
                  })
                : t('software.upgrade.drawer.userPaused')
            }
          />
        )}
        <UpgradeProgress upgrade={upgrade} />
        <Stats upgrade={upgrade} />
        <Summary upgrade={upgrade} />
        <Devices upgrade={upgrade} live={live} />
      </div>
    );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 960}
      className="upgrade-drawer"
      title={id === undefined ? undefined : t('software.upgrade.drawer.title', { id })}
      footer={
        upgrade && (upgrade.state === UPGRADE_RUNNING || upgrade.state === UPGRADE_PAUSED) ? (
          <Actions upgrade={upgrade} />
        ) : undefined
      }
    >
      {body}
    </Drawer>
  );
});
