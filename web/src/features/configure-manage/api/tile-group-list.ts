// GET /yun/module/group: the caller's tile groups {id, name, count, sort}.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { TileGroup } from '../types-library';
import { libraryKeys } from './library-keys';

export function listTileGroups(): Promise<TileGroup[]> {
  return get<TileGroup[]>('/yun/module/group');
}

export const tileGroupsQueryOptions = () =>
  queryOptions({ queryKey: libraryKeys.tileGroups(), queryFn: listTileGroups });

export function useTileGroups() {
  return useQuery(tileGroupsQueryOptions());
}
