// Outgoing webhooks (the tenant's administrator; docs/api-system.md "Outgoing webhooks"): GET /yun/webhooks a page of
// the tenant's subscriptions; POST /yun/webhooks makes one and answers its secret, this once (117825 the name, 117822
// the URL, 117827 no event, 110506 a device, 112005 a device group: each names its field; 117826 past the cap); PUT
// /yun/webhooks/{id} saves one, PUT …/enabled switches it, POST …/secret renews its secret (answered once), POST
// …/test sends it a test event, DELETE removes it (117824 for one not of the tenant). GET /yun/webhooks/delivery the
// delivery log, newest first, filtered by subscription, event, state and time; POST
// /yun/webhooks/delivery/{id}/resend sends a failed or skipped delivery again with its key (117823 otherwise).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type WebhookOut = Schema<'WebhookOut'>;
export type WebhookIn = Schema<'WebhookIn'>;
export type WebhookCreatedOut = Schema<'WebhookCreatedOut'>;
export type WebhookSecretOut = Schema<'WebhookSecretOut'>;
export type WebhookPage = Schema<'Page_WebhookOut_'>;
export type WebhookDeliveryOut = Schema<'WebhookDeliveryOut'>;
export type WebhookDeliveryPage = Schema<'Page_WebhookDeliveryOut_'>;
export type WebhookEvent = WebhookIn['events'][number];
export type WebhookDeliveryEvent = WebhookDeliveryOut['event'];
export type WebhookDeliveryState = WebhookDeliveryOut['state'];

export interface WebhookParams {
  page: number;
  page_size: number;
}

export interface WebhookDeliveryParams {
  page: number;
  page_size: number;
  subscription_id?: number;
  event?: WebhookDeliveryEvent;
  state?: WebhookDeliveryState;
  /** Epoch ms, inclusive. */
  start?: number;
  /** Epoch ms, inclusive. */
  end?: number;
}

export const webhookKeys = {
  all: () => ['system', 'webhooks'] as const,
  lists: () => [...webhookKeys.all(), 'list'] as const,
  list: (params: WebhookParams) => [...webhookKeys.lists(), params] as const,
  deliveries: () => [...webhookKeys.all(), 'deliveries'] as const,
  deliveryList: (params: WebhookDeliveryParams) => [...webhookKeys.deliveries(), params] as const,
};

/** How often the list and the log ask again while shown (a test sent, a retry due; TanStack Query pauses while the
 * browser tab is hidden). */
export const WEBHOOK_REFRESH_MS = 10_000;

export function listWebhooks(params: WebhookParams): Promise<WebhookPage> {
  return get<WebhookPage>('/yun/webhooks', { ...params });
}

export function useWebhooks(params: WebhookParams) {
  return useQuery({
    queryKey: webhookKeys.list(params),
    queryFn: () => listWebhooks(params),
    placeholderData: keepPreviousData,
    refetchInterval: WEBHOOK_REFRESH_MS,
  });
}

/** No toast: the form shows the error on its field. */
export function createWebhook(body: WebhookIn): Promise<WebhookCreatedOut> {
  return post<WebhookCreatedOut>('/yun/webhooks', body, { silent: true });
}

/** No toast: the form shows the error on its field. */
export function updateWebhook({ id, body }: { id: number; body: WebhookIn }): Promise<WebhookOut> {
  return put<WebhookOut>(`/yun/webhooks/${String(id)}`, body, { silent: true });
}

/** Switch a subscription on or off, nothing else changed; the list's switch lets the error toast. */
export function setWebhookEnabled({ id, enabled }: { id: number; enabled: boolean }): Promise<WebhookOut> {
  return put<WebhookOut>(`/yun/webhooks/${String(id)}/enabled`, { enabled });
}

export function renewWebhookSecret(id: number): Promise<WebhookSecretOut> {
  return post<WebhookSecretOut>(`/yun/webhooks/${String(id)}/secret`);
}

export function sendWebhookTest(id: number): Promise<WebhookDeliveryOut> {
  return post<WebhookDeliveryOut>(`/yun/webhooks/${String(id)}/test`);
}

export function deleteWebhook(id: number): Promise<null> {
  return del<null>(`/yun/webhooks/${String(id)}`);
}

/** A subscription's change shows in the list and in the log (its name, what waits). */
function useWebhookMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}

export const useCreateWebhook = () => useWebhookMutation(createWebhook);
export const useUpdateWebhook = () => useWebhookMutation(updateWebhook);
export const useSetWebhookEnabled = () => useWebhookMutation(setWebhookEnabled);
export const useRenewWebhookSecret = () => useWebhookMutation(renewWebhookSecret);
export const useSendWebhookTest = () => useWebhookMutation(sendWebhookTest);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);

// --- the delivery log ---------------------------------------------------------------------------------------------

export function listWebhookDeliveries(params: WebhookDeliveryParams): Promise<WebhookDeliveryPage> {
  return get<WebhookDeliveryPage>('/yun/webhooks/delivery', { ...params });
}

export function useWebhookDeliveries(params: WebhookDeliveryParams) {
  return useQuery({
    queryKey: webhookKeys.deliveryList(params),
    queryFn: () => listWebhookDeliveries(params),
    placeholderData: keepPreviousData,
    refetchInterval: WEBHOOK_REFRESH_MS,
  });
}

export function resendWebhookDelivery(id: number): Promise<WebhookDeliveryOut> {
  return post<WebhookDeliveryOut>(`/yun/webhooks/delivery/${String(id)}/resend`);
}

export const useResendWebhookDelivery = () => useWebhookMutation(resendWebhookDelivery);
