// Software update (/software/upgrade, issue 34 points 2 and 3; docs/api-software.md "Upgrades"): rollouts of a
// published device-end version to chosen gateways, in waves, and each device's part in them (its upgrade history).
// Choose the devices (which are updatable and why not), start a rollout, list the rollouts, read one with its devices,
// pause, resume or cancel it. A rollout that has not ended is asked for again every 2 s while it is shown, and
// nothing is polled once it has ended (docs/decisions.md "Upgrades": progress is asked for, not pushed).
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';

import { compactParams } from '@/lib/alarms/list-realtime-alarms';
import { get, post } from '@/lib/http';
import type { Schema } from '@/types/schema';
import { softwareKeys } from './versions';

export type UpgradeOut = Schema<'UpgradeOut'>;
export type UpgradeDeviceOut = Schema<'UpgradeDeviceOut'>;
export type UpgradeCandidateOut = Schema<'UpgradeCandidateOut'>;
export type UpgradeCandidatesOut = Schema<'UpgradeCandidatesOut'>;
export type UpgradeStartIn = Schema<'UpgradeStartIn'>;
export type UpgradeState = UpgradeOut['state'];
export type UpgradeDeviceState = UpgradeDeviceOut['state'];
export type UpgradeCounts = UpgradeOut['counts'];

// A rollout's states.
export const UPGRADE_RUNNING = 1;
export const UPGRADE_PAUSED = 2;
export const UPGRADE_CANCELLED = 3;
export const UPGRADE_FINISHED = 4;
export const UPGRADE_STATES: readonly UpgradeState[] = [
  UPGRADE_RUNNING,
  UPGRADE_PAUSED,
  UPGRADE_CANCELLED,
  UPGRADE_FINISHED,
];

// A device's states in a rollout (SPEC §4 Software update, and the two ends it does not name: 6 and 7).
export const DEVICE_UPDATABLE = 1;
export const DEVICE_DOWNLOADING = 2;
export const DEVICE_DOWNLOAD_FAILED = 3;
export const DEVICE_UPDATING = 4;
export const DEVICE_UPDATED = 5;
export const DEVICE_UPDATE_FAILED = 6;
export const DEVICE_CANCELLED = 7;
export const DEVICE_STATES: readonly UpgradeDeviceState[] = [1, 2, 3, 4, 5, 6, 7];
/** The states of a device upgrade under way (the gateway is downloading or installing). */
export const DEVICE_BUSY: readonly UpgradeDeviceState[] = [DEVICE_DOWNLOADING, DEVICE_UPDATING];

/** Why a device cannot take a version (the candidates' `refusal`). */
export const REFUSAL_OFFLINE = 116007;
export const REFUSAL_UPGRADING = 116008;
export const REFUSAL_MODEL = 116009;
export const REFUSAL_UP_TO_DATE = 116012;

/** How often a rollout that has not ended, and one page of its devices, are asked for again. */
export const UPGRADE_REFRESH_MS = 2000;
/** How often the lists are asked for again while one of their rows has not ended. */
export const UPGRADE_LIST_REFRESH_MS = 5000;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface UpgradeListParams {
  page: number;
  page_size: number;
  state?: number | undefined;
  keyword?: string | undefined;
}

export interface UpgradeHistoryParams {
  page: number;
  page_size: number;
  upgrade_id?: number | undefined;
  device_id?: number | undefined;
  state?: number | undefined;
  keyword?: string | undefined;
}

export interface UpgradeCandidateParams {
  version_id: number;
  page: number;
  page_size: number;
  group_id?: number | undefined;
  model?: string | undefined;
  current?: string | undefined;
  keyword?: string | undefined;
  updatable?: boolean | undefined;
}

export const upgradeKeys = {
  all: [...softwareKeys.all, 'upgrades'] as const,
  list: (params: UpgradeListParams) => [...upgradeKeys.all, 'list', params] as const,
  info: (id: number) => [...upgradeKeys.all, 'info', id] as const,
  history: (params: UpgradeHistoryParams) => [...upgradeKeys.all, 'history', params] as const,
  candidates: (params: UpgradeCandidateParams) => [...upgradeKeys.all, 'candidates', params] as const,
};

const PATH = '/software/upgrade';

/** Whether a rollout may still change: running, paused, or cancelled with an install still being recorded. */
export function isLive(upgrade: Pick<UpgradeOut, 'state' | 'finished_at'> | undefined): boolean {
  if (!upgrade) return false;
  return (
    upgrade.state === UPGRADE_RUNNING || upgrade.state === UPGRADE_PAUSED || upgrade.finished_at === null
  );
}

// The lists show their own error state (with a retry): no toast, and none every few seconds while one polls.
export function listUpgrades(params: UpgradeListParams): Promise<Page<UpgradeOut>> {
  return get<Page<UpgradeOut>>(PATH, compactParams(params), { silent: true });
}

export function useUpgrades(params: UpgradeListParams) {
  return useQuery({
    queryKey: upgradeKeys.list(params),
    queryFn: () => listUpgrades(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((u) => isLive(u)) ? UPGRADE_LIST_REFRESH_MS : false,
  });
}

export function getUpgrade(id: number): Promise<UpgradeOut> {
  return get<UpgradeOut>(`${PATH}/info`, { id }, { silent: true });
}

/**
 * One rollout, asked for again every 2 s until it has ended. Each answer also stands in the rollouts' lists that show
 * it, so the list behind the details moves with them (and reads its end at once when they close).
 */
export function useUpgrade(id: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: upgradeKeys.info(id ?? 0),
    queryFn: () => getUpgrade(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (q) => (isLive(q.state.data) ? UPGRADE_REFRESH_MS : false),
  });
  const { data } = query;
  useEffect(() => {
    if (data) putInLists(queryClient, data);
  }, [data, queryClient]);
  return query;
}

function putInLists(queryClient: QueryClient, upgrade: UpgradeOut): void {
  queryClient.setQueriesData<Page<UpgradeOut>>({ queryKey: [...upgradeKeys.all, 'list'] }, (page) =>
    page?.items.some((u) => u.id === upgrade.id)
      ? { ...page, items: page.items.map((u) => (u.id === upgrade.id ? upgrade : u)) }
      : page,
  );
}

export function listUpgradeHistory(params: UpgradeHistoryParams): Promise<Page<UpgradeDeviceOut>> {
  return get<Page<UpgradeDeviceOut>>('/software/history', compactParams(params), { silent: true });
}

/**
 * Device upgrades (of a rollout, of a device, or all). `refreshMs`: ask again at that interval (a rollout that has
 * not ended); without it, again every few seconds only while a shown device downloads or installs.
 */
export function useUpgradeHistory(
  params: UpgradeHistoryParams,
  options: { refreshMs?: number | false } = {},
) {
  return useQuery({
    queryKey: upgradeKeys.history(params),
    queryFn: () => listUpgradeHistory(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      if (options.refreshMs !== undefined) return options.refreshMs;
      return query.state.data?.items.some((d) => DEVICE_BUSY.includes(d.state))
        ? UPGRADE_LIST_REFRESH_MS
        : false;
    },
  });
}

export function listUpgradeCandidates(params: UpgradeCandidateParams): Promise<UpgradeCandidatesOut> {
  return get<UpgradeCandidatesOut>(`${PATH}/devices`, compactParams(params), { silent: true });
}

/** The devices the caller may upgrade to a version (none asked for until a version is chosen). */
export function useUpgradeCandidates(params: UpgradeCandidateParams | null) {
  return useQuery({
    queryKey: upgradeKeys.candidates(params ?? { version_id: 0, page: 1, page_size: 0 }),
    queryFn: () => listUpgradeCandidates(params ?? { version_id: 0, page: 1, page_size: 0 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

function useSettle() {
  const queryClient = useQueryClient();
  return (upgrade: UpgradeOut) => {
    queryClient.setQueryData(upgradeKeys.info(upgrade.id), upgrade);
    void queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
  };
}

/** Start a rollout; a refusal is the caller's to show (in the dialog). */
export function useStartUpgrade() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: UpgradeStartIn) => post<UpgradeOut>(PATH, body, { silent: true }),
    onSuccess: settle,
  });
}

export type UpgradeAction = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel a rollout (a refusal is toasted: 100004 when its state no longer allows it). */
export function useUpgradeAction() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UpgradeAction }) =>
      post<UpgradeOut>(`${PATH}/${action}`, { id }),
    onSuccess: settle,
  });
}

/**
 * How many devices each wave takes, as the server plans it (iotyun/software/upgrades.py wave_sizes): `firstWave`
 * (0: every device at once), then `stepPercent` of all of them per wave, at least one.
 */
export function waveSizes(total: number, firstWave: number, stepPercent: number): number[] {
  if (total <= 0) return [];
  if (firstWave <= 0 || firstWave >= total) return [total];
  const sizes = [firstWave];
  const step = Math.max(1, Math.ceil((total * stepPercent) / 100));
  let left = total - firstWave;
  while (left > 0) {
    const size = Math.min(step, left);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** A rollout's failed devices (download failed and update failed). */
export function failedCount(counts: UpgradeCounts): number {
  return counts.download_failed + counts.update_failed;
}
