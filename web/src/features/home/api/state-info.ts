// GET /dev/stateInfo: device counts over the readable devices (total, online, offline, unregistered, virtual).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { StateInfo } from '../types';

export function getStateInfo(): Promise<StateInfo> {
  return get<StateInfo>('/dev/stateInfo', undefined, { silent: true });
}

export const stateInfoQueryOptions = () =>
  queryOptions({ queryKey: ['state-info'] as const, queryFn: getStateInfo, refetchInterval: 60_000 });

export function useStateInfo() {
  return useQuery(stateInfoQueryOptions());
}
