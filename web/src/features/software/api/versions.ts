// The tenant's software library (/software/version, issue 34; docs/api-software.md): the versions for its
// gateways (device end), its mobile app and its PC client. List (type, model, keyword), upload a package with its
// version, models, update content and mode (a multipart request with its progress), edit the content, mode and
// update state, delete, and download a package (with the caller's token; the server answers ranges).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { compactParams } from '@/lib/alarms/list-realtime-alarms';
import { saveBlob } from '@/lib/download';
import { del, get, getBlob, post, put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type SoftwareVersionOut = Schema<'SoftwareVersionOut'>;
export type SoftwareVersionUpdateIn = Schema<'SoftwareVersionUpdateIn'>;
export type SoftwareType = SoftwareVersionOut['type'];

export const TYPE_DEVICE = 1;
export const TYPE_MOBILE = 2;
export const TYPE_PC = 3;
export const SOFTWARE_TYPES: readonly SoftwareType[] = [TYPE_DEVICE, TYPE_MOBILE, TYPE_PC];
export const MODE_DEFAULT = 0;
export const MODE_FORCED = 1;
export const STATE_WITHDRAWN = 0;
export const STATE_PUBLISHED = 1;

export interface SoftwareVersionPage {
  items: SoftwareVersionOut[];
  total: number;
  page: number;
  page_size: number;
}

export interface SoftwareVersionParams {
  page: number;
  page_size: number;
  type?: number | undefined;
  model?: string | undefined;
  keyword?: string | undefined;
}

export const softwareKeys = {
  all: ['software'] as const,
  versions: (params: SoftwareVersionParams) => [...softwareKeys.all, 'versions', params] as const,
};

const PATH = '/software/version';

export function listVersions(params: SoftwareVersionParams): Promise<SoftwareVersionPage> {
  return get<SoftwareVersionPage>(PATH, compactParams(params));
}

export function useVersions(params: SoftwareVersionParams) {
  return useQuery({
    queryKey: softwareKeys.versions(params),
    queryFn: () => listVersions(params),
    placeholderData: keepPreviousData,
  });
}

export interface UploadVersionInput {
  type: SoftwareType;
  version: string;
  /** Gateway models (device end only). */
  models: string[];
  contentZh: string;
  contentEn: string;
  mode: number;
  file: File;
  /** 0–1 while the file is sent. */
  onProgress?: (share: number) => void;
}

export function uploadVersion(input: UploadVersionInput): Promise<SoftwareVersionOut> {
  const body = new FormData();
  body.append('type', String(input.type));
  body.append('version', input.version);
  if (input.type === TYPE_DEVICE) for (const model of input.models) body.append('models', model);
  body.append('content_zh', input.contentZh);
  body.append('content_en', input.contentEn);
  body.append('mode', String(input.mode));
  body.append('file', input.file);
  const { onProgress } = input;
  return post<SoftwareVersionOut>(PATH, body, {
    silent: true,
    ...(onProgress
      ? { onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0) }
      : {}),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: softwareKeys.all });
}

export function useUploadVersion() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: uploadVersion, onSuccess: invalidate });
}

export function useUpdateVersion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SoftwareVersionUpdateIn) => put<SoftwareVersionOut>(PATH, body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteVersion() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => del<null>(PATH, { id }), onSuccess: invalidate });
}

/** Fetch a version's package and save it under its uploaded name. */
export async function downloadVersion(version: SoftwareVersionOut): Promise<void> {
  const blob = await getBlob(`${PATH}/file`, { id: version.id });
  saveBlob(blob, version.file_name);
}
