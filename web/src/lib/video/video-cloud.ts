// The tenant's video cloud account and its cameras (docs/api-video.md, /third/party/*), and a template's camera slots
// (/yun/module/video): shared by the video cloud page (/fluoriteCloudCamera), the screens' camera element and the
// dashboards' camera card. The console never sees the account's secret nor its token.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import { getSharedCamera, sharedKeys } from '@/lib/share-links/shared';
import type { Schema } from '@/types/schema';

export type VideoAccount = Schema<'VideoAccountOut'>;
export type VideoCamera = Schema<'CameraOut'>;
export type LiveAddress = Schema<'LiveAddressOut'>;
export type TemplateCameras = Schema<'TemplateVideoOut'>;
export type CameraSlot = TemplateCameras['cameras'][number];

export interface VideoAccountForm {
  app_key: string;
  app_secret: string;
}

export const videoKeys = {
  all: ['video'] as const,
  account: () => [...videoKeys.all, 'account'] as const,
  cameras: () => [...videoKeys.all, 'cameras'] as const,
  live: (serial: string, channel: number) => [...videoKeys.all, 'live', serial, channel] as const,
  templateCameras: (templateId: number) => [...videoKeys.all, 'template', templateId] as const,
};

export function videoAccountQuery() {
  return queryOptions({
    queryKey: videoKeys.account(),
    queryFn: () => get<VideoAccount | null>('/third/party/account', undefined, { silent: true }),
  });
}

export function useVideoAccount() {
  return useQuery(videoAccountQuery());
}

export function useVideoCameras(enabled: boolean) {
  return useQuery({
    queryKey: videoKeys.cameras(),
    queryFn: () => get<VideoCamera[]>('/third/party/cameras', undefined, { silent: true }),
    enabled,
  });
}

/** A camera channel's live address (HLS); absent serial: nothing asked. Refetched when the query is remounted. */
export function useLiveAddress(serial: string | null | undefined, channel: number, dashboardRequest = false) {
  return useQuery({
    queryKey: videoKeys.live(serial ?? '', channel),
    queryFn: () =>
      get<LiveAddress>(
        '/third/party/live',
        { serial, channel, protocol: 'hls' },
        { silent: true, dashboardRequest },
      ),
    enabled: Boolean(serial),
    staleTime: 60_000,
    retry: false,
  });
}

/** A template's camera slots (its screens' camera elements name one by its index). */
export function useTemplateCameras(templateId: number | null | undefined) {
  return useQuery({
    queryKey: videoKeys.templateCameras(templateId ?? 0),
    queryFn: () => get<TemplateCameras>('/yun/module/video', { template_id: templateId }, { silent: true }),
    enabled: Boolean(templateId),
    staleTime: 60_000,
    retry: false,
  });
}

/** Replaces a template's camera slots (its `design` item); the server answers them as stored. */
export function useSaveTemplateCameras(templateId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cameras: CameraSlot[]) =>
      put<TemplateCameras>('/yun/module/video', { template_id: templateId, cameras }),
    onSuccess: (saved) => {
      client.setQueryData(videoKeys.templateCameras(templateId), saved);
    },
  });
}

export function useBindVideoAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoAccountForm) =>
      post<VideoAccount>('/third/party/account', body, { skipErrorToast: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}

export function useUnbindVideoAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<null>('/third/party/account', undefined, { skipErrorToast: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}

/** A device's own video address (SPEC §3 Device "video address"; '' when it has none), for a camera element or card
 * set to play it. The device detail reads the same call (GET /dev/basic/{id}). */
export function useDeviceVideoAddress(deviceId: number | null | undefined, dashboardRequest = false) {
  return useQuery({
    queryKey: [...videoKeys.all, 'device-address', deviceId ?? 0] as const,
    queryFn: async () =>
      (
        await get<Schema<'DeviceDetailOut'>>(`/dev/basic/${String(deviceId)}`, undefined, {
          silent: true,
          dashboardRequest,
        })
      ).video_url,
    enabled: Boolean(deviceId),
    staleTime: 60_000,
    retry: false,
  });
}

/** Which camera a camera element or card plays: one of the template's camera slots (by index) or the device's own
 * video address. */
export type CameraSource = 'slot' | 'device';
export const CAMERA_SOURCES: readonly CameraSource[] = ['slot', 'device'];

/** What a shared page's camera plays (GET /yun/shared/camera): the device's own address or its template's slot's
 * live address, asked through the link; '' when there is none. */
function useSharedCameraAddress(
  share: string | null,
  deviceId: number | null | undefined,
  source: CameraSource,
  slot: number,
) {
  return useQuery({
    queryKey: [...sharedKeys.all(share ?? ''), 'camera', deviceId ?? 0, source, slot] as const,
    queryFn: async () => (await getSharedCamera(share ?? '', deviceId ?? 0, source, slot)).url,
    enabled: Boolean(share && deviceId),
    staleTime: 60_000,
    retry: false,
  });
}

export interface CameraAddressOptions {
  /** Asked for a dashboard card (the request says so: the server's dashboard read window). */
  dashboardRequest?: boolean;
  /** A share link's token: the address is asked through the link. */
  share?: string | null;
}

/** The address a camera plays: the slot's live address or the device's own, with whether it is still asked for. */
export function useCameraAddress(
  source: CameraSource,
  slot: number,
  deviceId: number | null | undefined,
  templateId: number | null | undefined,
  { dashboardRequest = false, share = null }: CameraAddressOptions = {},
): { url: string | null; waiting: boolean } {
  const shared = useSharedCameraAddress(share, deviceId, source, slot);
  const slots = useTemplateCameras(source === 'slot' && !share ? templateId : null);
  const chosen = source === 'slot' ? slots.data?.cameras[slot] : undefined;
  const live = useLiveAddress(chosen?.serial, chosen?.channel ?? 1, dashboardRequest);
  const device = useDeviceVideoAddress(source === 'device' && !share ? deviceId : null, dashboardRequest);
  if (share) {
    if (!deviceId) return { url: null, waiting: false };
    return { url: shared.data || null, waiting: shared.isPending && !shared.error };
  }
  if (source === 'device') {
    if (!deviceId) return { url: null, waiting: false };
    return { url: device.data ?? null, waiting: device.isPending && !device.error };
  }
  if (!templateId) return { url: null, waiting: false };
  if (slots.isPending) return { url: null, waiting: true };
  if (!chosen) return { url: null, waiting: false };
  return { url: live.data?.url ?? null, waiting: live.isPending && !live.error };
}
