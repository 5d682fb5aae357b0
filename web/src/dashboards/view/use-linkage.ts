// The dashboard's linkage (issue 31 point 4): the device picked in a device tree and the group picked in a group tree,
// kept in the address (`?device=`, `?group=`) so a reload or a shared address shows the same choice. The page holds it
// and passes it to every card; a tree card sets it, a linked card reads it.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import type { Linkage } from '../widgets/types';

export const LINK_PARAMS = { device: 'device', group: 'group' } as const;

/** A positive integer id from the address, or null for anything else. */
export function linkedId(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function useLinkage(): Linkage {
  const [params, setParams] = useSearchParams();
  const deviceId = linkedId(params.get(LINK_PARAMS.device));
  const groupId = linkedId(params.get(LINK_PARAMS.group));
  const set = useCallback(
    (key: string, id: number | null) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id === null) next.delete(key);
          else next.set(key, String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return useMemo(
    () => ({
      deviceId,
      groupId,
      setDevice: (id: number | null) => {
        set(LINK_PARAMS.device, id);
      },
      setGroup: (id: number | null) => {
        set(LINK_PARAMS.group, id);
      },
    }),
    [deviceId, groupId, set],
  );
}

/** A linkage's choice: the device and the group picked (null: none). */
export interface LinkChoice {
  deviceId: number | null;
  groupId: number | null;
}

const NO_CHOICE: LinkChoice = { deviceId: null, groupId: null };

/** A linkage that holds its choice in memory: a dashboard drawn where the address is not its own (the editor, a
 * sector's dashboards in turn), starting on `start` (a sector link's starting device and group). */
export function useMemoryLinkage(start: LinkChoice = NO_CHOICE): Linkage {
  const [choice, setChoice] = useState<LinkChoice>(start);
  return useMemo(
    () => ({
      ...choice,
      setDevice: (id: number | null) => {
        setChoice((c) => ({ ...c, deviceId: id }));
      },
      setGroup: (id: number | null) => {
        setChoice((c) => ({ ...c, groupId: id }));
      },
    }),
    [choice],
  );
}
