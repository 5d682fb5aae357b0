// A screen's versions: list (newest first, without documents), one with its document (a look before a restore),
// create a named one, restore one (a new save of the design; the design it replaces is kept as an automatic
// version) and delete one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post } from '@/lib/http';
import type { ScreenDesignOut, ScreenVersionDesignOut, ScreenVersionOut } from '../types-screen';
import { templateChangeKeys } from './keys';
import { screenKeys } from './screen-keys';

const VERSION = '/yun/module/view/version';

export function getScreenVersions(screenId: number): Promise<ScreenVersionOut[]> {
  return get<ScreenVersionOut[]>(VERSION, { id: screenId });
}

export const screenVersionsQueryOptions = (screenId: number) =>
  queryOptions({
    queryKey: screenKeys.versions(screenId),
    queryFn: () => getScreenVersions(screenId),
    enabled: Number.isInteger(screenId) && screenId > 0,
  });

export function useScreenVersions(screenId: number) {
  return useQuery(screenVersionsQueryOptions(screenId));
}

export function getScreenVersion(versionId: number): Promise<ScreenVersionDesignOut> {
  return get<ScreenVersionDesignOut>(`${VERSION}/design`, { id: versionId });
}

export const screenVersionQueryOptions = (screenId: number, versionId: number) =>
  queryOptions({
    queryKey: [...screenKeys.versions(screenId), versionId] as const,
    queryFn: () => getScreenVersion(versionId),
    enabled: Number.isInteger(versionId) && versionId > 0,
    // A version never changes; it is only deleted.
    staleTime: Infinity,
  });

export function useScreenVersion(screenId: number, versionId: number) {
  return useQuery(screenVersionQueryOptions(screenId, versionId));
}

export interface ScreenVersionInput {
  /** The screen's id. */
  id: number;
  name: string;
}

export function createScreenVersion(input: ScreenVersionInput): Promise<ScreenVersionOut> {
  // The name form shows its error next to the field.
  return post<ScreenVersionOut>(VERSION, input, { silent: true });
}

export function useCreateScreenVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScreenVersion,
    onSuccess: (version) =>
      queryClient.invalidateQueries({ queryKey: screenKeys.versions(version.screen_id) }),
  });
}

export function restoreScreenVersion(versionId: number): Promise<ScreenDesignOut> {
  return post<ScreenDesignOut>(`${VERSION}/restore`, { id: versionId });
}

export function useRestoreScreenVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreScreenVersion,
    onSuccess: (design) => {
      queryClient.setQueryData(screenKeys.design(design.id), design);
      queryClient.setQueryData(screenKeys.draft(design.id), null);
      void queryClient.invalidateQueries({ queryKey: screenKeys.versions(design.id) });
      for (const queryKey of templateChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export interface DeleteScreenVersionInput {
  id: number;
  screenId: number;
}

export function deleteScreenVersion({ id }: DeleteScreenVersionInput): Promise<null> {
  return del<null>(VERSION, { id });
}

export function useDeleteScreenVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScreenVersion,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: screenKeys.versions(input.screenId) }),
  });
}
