// Automations (issue 37 point 5, docs/api-automations.md): rules with a trigger, conditions and actions, their
// traces and dry runs, and the forward targets. The routes are not in api.gen.ts yet: the types below mirror the
// contract by hand (replace them with Schema<…> aliases once `make gen` knows them). Forms send with `silent` (the
// error goes on its field, lib/form-errors applyNestedServerError); the list's actions let the request toast.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post, put } from '@/lib/http';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import type { Schema } from '@/types/schema';

// --- rules -------------------------------------------------------------------------------------------------------

export type CompareOp = 'gt' | 'ge' | 'lt' | 'le' | 'eq' | 'ne';
export type RuleScope = 'template' | 'group' | 'device';
export type AlarmEvent = 'produced' | 'recovered' | 'confirmed';
export type NotifyChannel = 'console' | 'email' | 'sms';

export type Schedule =
  | { type: 'daily'; time: string }
  | { type: 'weekly'; time: string; weekdays: number[] }
  | { type: 'cron'; cron: string };

export type Trigger =
  | { kind: 'threshold'; source_id: number; op: CompareOp; value: number; hold_s: number; hysteresis: number }
  | { kind: 'change'; source_id: number }
  | { kind: 'online' }
  | { kind: 'offline' }
  | { kind: 'alarm'; event: AlarmEvent; source_id?: number | null }
  | { kind: 'schedule'; schedule: Schedule };

export type TriggerKind = Trigger['kind'];

export interface ConditionItem {
  source_id: number;
  op: CompareOp;
  value: number;
}

export interface Conditions {
  join: 'and' | 'or';
  items: ConditionItem[];
}

/** When and how often an action runs: `delay_s` 0–86400, `repeat` 0–10 extra runs `every_s` (10–86400) apart. */
export interface ActionTiming {
  delay_s: number;
  repeat: number;
  every_s: number;
}

export type Action = ActionTiming &
  (
    | { kind: 'write'; source_id: number; value: number }
    | {
        kind: 'notify';
        user_ids: number[];
        role_ids: number[];
        group_ids: number[];
        channels: NotifyChannel[];
        text: string;
      }
    | { kind: 'webhook'; subscription_id: number }
    | { kind: 'alarm'; mode: 'raise' | 'recover'; name: string; level: number; info: string }
    | { kind: 'forward'; target_id: number; source_ids: number[] }
  );

export type ActionKind = Action['kind'];

/** What a rule is made of (POST / PUT, and the unsaved rule of a dry run). */
export interface RuleIn {
  name: string;
  description: string;
  enabled?: boolean;
  template_id: number;
  scope: RuleScope;
  scope_id: number | null;
  trigger: Trigger;
  conditions: Conditions;
  actions: Action[];
  rate_per_minute: number;
}

export interface Rule extends RuleIn {
  id: number;
  enabled: boolean;
  owner_id: number;
  owner_name: string;
  last_fired_at: number | null;
  fired_count: number;
  error_count: number;
  last_error: string;
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A page of a list, as the server's paginated reads answer it (core/pagination.py). */
export interface ListOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface RuleParams {
  page: number;
  size: number;
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  template_id?: number | undefined;
}

export type TraceOutcome =
  'fired' | 'not_met' | 'loop' | 'rate_limited' | 'done' | 'failed' | 'skipped' | 'retrying';

export interface Trace {
  id: number;
  at: number;
  device_id: number;
  device_alias: string;
  outcome: TraceOutcome;
  inputs: Record<string, unknown>;
  matched: string | null;
  actions: { kind: ActionKind; ok: boolean; detail: string; error: string }[];
  took_ms: number;
  error: string;
}

export interface DryRunIn {
  device_id: number;
  /** Epoch ms. */
  start: number;
  /** Epoch ms; at most 31 days after `start`. */
  end: number;
}

export interface DryRunFiring {
  ts: number;
  inputs: Record<string, unknown>;
  matched: string | null;
  actions: { kind: ActionKind; summary: string }[];
}

export interface DryRun {
  points: { ts: number; value: number | null }[];
  firings: DryRunFiring[];
  evaluated: number;
  truncated: boolean;
}

// --- forward targets ---------------------------------------------------------------------------------------------

export type TargetKind = 'http' | 'mqtt' | 'mysql' | 'postgresql' | 'table';

/** The fields a forwarded row carries, which a database target's columns take. */
export const ROW_FIELDS = [
  'sn',
  'device_id',
  'alias',
  'data_source_id',
  'name',
  'value',
  'ts',
  'time',
  'rule_id',
];

export interface HttpConfig {
  url: string;
  headers: Record<string, string>;
}
export interface MqttConfig {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  topic: string;
  qos: 0 | 1 | 2;
}
export interface DatabaseConfig {
  host: string;
  port: number;
  database: string;
  username: string;
  table: string;
  columns: Record<string, string>;
}

export type TargetConfig = HttpConfig | MqttConfig | DatabaseConfig | Record<string, never>;

export interface Target {
  id: number;
  name: string;
  kind: TargetKind;
  config: TargetConfig;
  has_secret: boolean;
  created_at: number;
  updated_at: number;
}

export interface TargetIn {
  name: string;
  kind: TargetKind;
  config: TargetConfig;
  /** Left out or null on an edit: the stored secret is kept. */
  secret?: string | null;
}

export interface TargetTest {
  ok: boolean;
  error: string;
  /** Whether the failure may pass by itself (the receiver down), as the runner would retry it. */
  retry: boolean;
}

export interface TargetRow {
  id: number;
  sn: string;
  alias: string;
  name: string;
  value: number | string | null;
  ts: number;
  received_at: number;
}

// --- calls -------------------------------------------------------------------------------------------------------

const RULES = '/yun/automation/rules';
const TARGETS = '/yun/automation/targets';
const rulePath = (id: number, rest = '') => `${RULES}/${String(id)}${rest}`;
const targetPath = (id: number, rest = '') => `${TARGETS}/${String(id)}${rest}`;

export const automationKeys = {
  all: ['automation'] as const,
  rules: () => [...automationKeys.all, 'rules'] as const,
  ruleList: (params: RuleParams) => [...automationKeys.rules(), 'list', params] as const,
  rule: (id: number) => [...automationKeys.rules(), 'one', id] as const,
  trace: (id: number) => [...automationKeys.all, 'trace', id] as const,
  targets: () => [...automationKeys.all, 'targets'] as const,
  targetRows: (id: number, page: number, size: number) =>
    [...automationKeys.targets(), 'rows', id, page, size] as const,
  subscriptions: () => [...automationKeys.all, 'webhook-subscriptions'] as const,
};

function ruleQuery(params: RuleParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { page: params.page, page_size: params.size };
  if (params.keyword) out.keyword = params.keyword;
  if (params.enabled !== undefined) out.enabled = params.enabled;
  if (params.template_id !== undefined) out.template_id = params.template_id;
  return out;
}

export function listRules(params: RuleParams): Promise<ListOf<Rule>> {
  return get<ListOf<Rule>>(RULES, ruleQuery(params));
}

export function useRules(params: RuleParams) {
  return useQuery({
    queryKey: automationKeys.ruleList(params),
    queryFn: () => listRules(params),
    placeholderData: keepPreviousData,
  });
}

export function getRule(id: number): Promise<Rule> {
  return get<Rule>(rulePath(id));
}

export function useRule(id: number | null) {
  return useQuery({
    queryKey: automationKeys.rule(id ?? 0),
    queryFn: () => getRule(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

/** No toast: the form shows the error on its field. */
export function createRule(body: RuleIn): Promise<Rule> {
  return post<Rule>(RULES, body, { silent: true });
}

/** No toast: the form shows the error on its field. */
export function updateRule({ id, body }: { id: number; body: RuleIn }): Promise<Rule> {
  return put<Rule>(rulePath(id), body, { silent: true });
}

export function setRuleEnabled({ id, enabled }: { id: number; enabled: boolean }): Promise<Rule> {
  return put<Rule>(rulePath(id, '/enabled'), { enabled });
}

export function copyRule(id: number): Promise<Rule> {
  return post<Rule>(rulePath(id, '/copy'));
}

export function deleteRule(id: number): Promise<null> {
  return del<null>(rulePath(id));
}

export function listTraces(id: number): Promise<{ list: Trace[] }> {
  return get<{ list: Trace[] }>(rulePath(id, '/trace'));
}

export function useTraces(id: number) {
  return useQuery({ queryKey: automationKeys.trace(id), queryFn: () => listTraces(id) });
}

/** A saved rule's dry run, or (with `rule`) an unsaved one's. No toast: the drawer shows the error (117876). */
export function dryRun({
  id,
  rule,
  ...range
}: DryRunIn & { id: number | null; rule?: RuleIn }): Promise<DryRun> {
  return id === null
    ? post<DryRun>('/yun/automation/dry-run', { ...range, rule }, { silent: true })
    : post<DryRun>(rulePath(id, '/dry-run'), rule ? { ...range, rule } : range, { silent: true });
}

function useAutomationMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export const useCreateRule = () => useAutomationMutation(createRule);
export const useUpdateRule = () => useAutomationMutation(updateRule);
export const useSetRuleEnabled = () => useAutomationMutation(setRuleEnabled);
export const useCopyRule = () => useAutomationMutation(copyRule);
export const useDeleteRule = () => useAutomationMutation(deleteRule);
export const useDryRun = () => useMutation({ mutationFn: dryRun });

// --- targets -----------------------------------------------------------------------------------------------------

export function listTargets(): Promise<{ list: Target[] }> {
  return get<{ list: Target[] }>(TARGETS);
}

export function useTargets() {
  return useQuery({ queryKey: automationKeys.targets(), queryFn: listTargets });
}

/** No toast: the form shows the error on its field. */
export function createTarget(body: TargetIn): Promise<Target> {
  return post<Target>(TARGETS, body, { silent: true });
}

/** No toast: the form shows the error on its field. */
export function updateTarget({ id, body }: { id: number; body: TargetIn }): Promise<Target> {
  return put<Target>(targetPath(id), body, { silent: true });
}

/** No toast: the list says why (117873 while a rule uses it). */
export function deleteTarget(id: number): Promise<null> {
  return del<null>(targetPath(id), undefined, { silent: true });
}

export function testTarget(id: number): Promise<TargetTest> {
  return post<TargetTest>(targetPath(id, '/test'));
}

export function listTargetRows(id: number, page: number, size: number): Promise<ListOf<TargetRow>> {
  return get<ListOf<TargetRow>>(targetPath(id, '/rows'), { page, page_size: size });
}

export function useTargetRows(id: number, page: number, size: number) {
  return useQuery({
    queryKey: automationKeys.targetRows(id, page, size),
    queryFn: () => listTargetRows(id, page, size),
    placeholderData: keepPreviousData,
  });
}

export const useCreateTarget = () => useAutomationMutation(createTarget);
export const useUpdateTarget = () => useAutomationMutation(updateTarget);
export const useDeleteTarget = () => useAutomationMutation(deleteTarget);
export const useTestTarget = () => useMutation({ mutationFn: testTarget });

// --- the webhook action's subscriptions (docs/api-system.md "Outgoing webhooks"; a look-up, not the webhooks page) --

export type WebhookOption = Pick<Schema<'WebhookOut'>, 'id' | 'name' | 'enabled'>;

export function useWebhookOptions(enabled: boolean) {
  return useQuery({
    queryKey: automationKeys.subscriptions(),
    queryFn: () =>
      get<Schema<'Page_WebhookOut_'>>(
        '/yun/webhooks',
        { page: 1, page_size: PAGE_SIZE_MAX },
        { silent: true },
      ).then((page): WebhookOption[] =>
        page.items.map(({ id, name, enabled: on }) => ({ id, name, enabled: on })),
      ),
    staleTime: 60_000,
    enabled,
  });
}
