// Alarm notifications (administrators; docs/api-notifications.md): GET /yun/notify/rule a page of the tenant's rules
// with which channels this server has configured (`channels`); POST and PUT /yun/notify/rule[/{id}] save a rule
// (117820/117821 the name, 100004 a level or quiet bound, 110578 the time zone, 117803/117815 the recipients, 117822
// a webhook or robot URL, 119003–119005 an unconfigured channel: each names its field); DELETE removes one (117819);
// GET /yun/notify/delivery the delivery log, newest first, filtered by state, channel, rule and time; POST
// /yun/notify/delivery/{id}/retry sends a failed delivery again (117823 otherwise). The rule form's look-ups: the
// templates the caller reads (GET /yun/module) and a template's data sources (GET /yun/module/dataSource).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import { listTemplateOptions, listTemplateSourceOptions } from '@/lib/templates/lookups';
import type { Schema } from '@/types/schema';
import { infoKeys } from './keys';

export type RuleOut = Schema<'RuleOut'>;
export type RuleIn = Schema<'RuleIn'>;
export type RulesOut = Schema<'RulesOut'>;
export type ChannelsOut = Schema<'ChannelsOut'>;
export type DeliveryOut = Schema<'DeliveryOut'>;
export type DeliveryPage = Schema<'Page_DeliveryOut_'>;
export type NotifyChannel = RuleIn['channels'][number];
export type DeliveryState = DeliveryOut['state'];

/** The channels in the order the form and the filters offer them (notifications/schemas.py NotifyChannel). */
export const NOTIFY_CHANNELS: readonly NotifyChannel[] = ['console', 'email', 'sms', 'wechat', 'webhook'];
/** A delivery's states in the order one goes through them (notifications/schemas.py DeliveryState). */
export const DELIVERY_STATES: readonly DeliveryState[] = [
  'pending',
  'sending',
  'sent',
  'retrying',
  'failed',
  'skipped',
];

export interface RuleParams {
  page: number;
  page_size: number;
}

export interface DeliveryParams {
  page: number;
  page_size: number;
  state?: DeliveryState;
  channel?: NotifyChannel;
  rule_id?: number;
  /** Epoch ms, inclusive. */
  start?: number;
  /** Epoch ms, inclusive. */
  end?: number;
}

/** A template as the rule form offers it. */
export interface NotifyTemplate {
  id: number;
  name: string;
}

/** A data source as the rule form offers it. */
export interface NotifySource {
  id: number;
  name: string;
  unit: string | null;
}

export const notifyKeys = {
  all: () => [...infoKeys.all, 'notify'] as const,
  rules: () => [...notifyKeys.all(), 'rules'] as const,
  ruleList: (params: RuleParams) => [...notifyKeys.rules(), params] as const,
  deliveries: () => [...notifyKeys.all(), 'deliveries'] as const,
  deliveryList: (params: DeliveryParams) => [...notifyKeys.deliveries(), params] as const,
  templates: () => [...notifyKeys.all(), 'templates'] as const,
  sources: (templateId: number) => [...notifyKeys.all(), 'sources', templateId] as const,
};

/** How often the delivery log asks again while it is shown (TanStack Query pauses while the browser tab is hidden). */
export const DELIVERY_REFRESH_MS = 10_000;

// --- rules ----------------------------------------------------------------------------------------------------

export function listRules(params: RuleParams): Promise<RulesOut> {
  return get<RulesOut>('/yun/notify/rule', { ...params });
}

export const rulesQueryOptions = (params: RuleParams) =>
  queryOptions({
    queryKey: notifyKeys.ruleList(params),
    queryFn: () => listRules(params),
    placeholderData: keepPreviousData,
  });

export function useRules(params: RuleParams) {
  return useQuery(rulesQueryOptions(params));
}

/** No toast: the form shows the error on its field. */
export function createRule(body: RuleIn): Promise<RuleOut> {
  return post<RuleOut>('/yun/notify/rule', body, { silent: true });
}

/** No toast when `silent` (the form shows the error on its field); the list's switch lets the error toast. */
export function updateRule({
  id,
  body,
  silent,
}: {
  id: number;
  body: RuleIn;
  silent: boolean;
}): Promise<RuleOut> {
  return put<RuleOut>(`/yun/notify/rule/${String(id)}`, body, { silent });
}

/** Switch a rule on or off, nothing else changed (PUT /yun/notify/rule/{id}/enabled); the list's switch lets the
 * error toast. */
export function setRuleEnabled({ id, enabled }: { id: number; enabled: boolean }): Promise<RuleOut> {
  return put<RuleOut>(`/yun/notify/rule/${String(id)}/enabled`, { enabled });
}

export function deleteRule(id: number): Promise<null> {
  return del<null>(`/yun/notify/rule/${String(id)}`);
}

/** A rule's change shows in the rules and in the log's rule names. */
function useNotifyMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: notifyKeys.all() }),
  });
}

export const useCreateRule = () => useNotifyMutation(createRule);
export const useUpdateRule = () => useNotifyMutation(updateRule);
export const useDeleteRule = () => useNotifyMutation(deleteRule);
export const useSetRuleEnabled = () => useNotifyMutation(setRuleEnabled);

// --- the delivery log ---------------------------------------------------------------------------------------------

export function listDeliveries(params: DeliveryParams): Promise<DeliveryPage> {
  return get<DeliveryPage>('/yun/notify/delivery', { ...params });
}

export function useDeliveries(params: DeliveryParams) {
  return useQuery({
    queryKey: notifyKeys.deliveryList(params),
    queryFn: () => listDeliveries(params),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

export function retryDelivery(id: number): Promise<null> {
  return post<null>(`/yun/notify/delivery/${String(id)}/retry`);
}

export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSettled: () => client.invalidateQueries({ queryKey: notifyKeys.deliveries() }),
  });
}

// --- the rule form's look-ups -------------------------------------------------------------------------------------

/** The templates the caller reads (own and received), by name (lib/templates, the look-up the automations' form
 * shares). */
export function listNotifyTemplates(): Promise<NotifyTemplate[]> {
  return listTemplateOptions();
}

export function useNotifyTemplates(enabled = true) {
  return useQuery({
    queryKey: notifyKeys.templates(),
    queryFn: listNotifyTemplates,
    staleTime: 60_000,
    enabled,
  });
}

/** Every data source of a template. */
export function listTemplateSources(templateId: number): Promise<NotifySource[]> {
  return listTemplateSourceOptions(templateId).then((items) =>
    items.map(({ id, name, unit }) => ({ id, name, unit })),
  );
}

export const templateSourcesQueryOptions = (templateId: number) =>
  queryOptions({
    queryKey: notifyKeys.sources(templateId),
    queryFn: () => listTemplateSources(templateId),
    staleTime: 60_000,
  });
