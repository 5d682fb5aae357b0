// The operator console's calls (docs/api-operations.md): the operator's token in X-Token, never the tenant's
// session; 100009 ends the operator's session (not a tenant user's) and goes to /operator/login.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { get, ILLEGAL_TOKEN, isApiError, post, put, type RequestOptions } from '@/lib/http';
import { navigateTo } from '@/lib/navigation';
import type { Schema } from '@/types/schema';

import {
  clearOperatorSession,
  operatorSession,
  setOperatorSession,
  type OperatorAccount,
} from '../lib/session';

export type DeviceStatistics = Schema<'DeviceStatistics'>;
export type StatBucket = Schema<'StatBucket'>;
export type GroupBy = DeviceStatistics['by'];
export type TenantRow = Schema<'TenantRow'>;
export type TenantUserRow = Schema<'TenantUserRow'>;
export type UserPrivilege = Schema<'UserPrivilegeOut'>;
export type AuditRow = Schema<'AuditOut'>;
export type OperatedDevice = Schema<'OperatedDevice'>;
export type QuotaName = keyof Schema<'QuotaValues'>;
export type Health = Schema<'HealthOut'>;
export type HealthPart = Schema<'PartOut'>;
export type HealthProcess = Schema<'ProcessOut'>;
export type TenantGateways = Schema<'TenantGateways'>;
export type HealthMetric = Schema<'TrendOut'>['metric'];
export type HealthTrend = Schema<'TrendOut'>;
export type PlatformAlerts = Schema<'AlertsOut'>;
export type PlatformAlert = Schema<'AlertOut'>;
export type AlertDelivery = Schema<'AlertDeliveryOut'>;
export type AlertChannel = OperatorAccount['alert_channels'][number];
export type OperatorContact = Schema<'OperatorContactIn'>;
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export const OPERATOR_LOGIN = '/operator/login';

function options(extra?: RequestOptions): RequestOptions {
  return {
    ...extra,
    skipAuthRedirect: true,
    headers: { 'X-Token': operatorSession().token, 'X-User': '', 'X-Tenant': '' },
  };
}

async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.code === ILLEGAL_TOKEN || error.code === '810101')) {
      clearOperatorSession();
      navigateTo(OPERATOR_LOGIN, { replace: true });
    }
    throw error;
  }
}

export const opGet = <T>(url: string, params?: Record<string, unknown>, extra?: RequestOptions) =>
  guarded(get<T>(url, params, options(extra)));
export const opPut = <T>(url: string, body?: unknown, extra?: RequestOptions) =>
  guarded(put<T>(url, body, options(extra)));
export const opPost = <T>(url: string, body?: unknown, extra?: RequestOptions) =>
  guarded(post<T>(url, body, options(extra)));

export const operatorKeys = {
  all: ['operator'] as const,
  statistics: (by: string, start: number | null, end: number | null, tenant: number | null) =>
    [...operatorKeys.all, 'statistics', by, start, end, tenant] as const,
  tenants: (search: string, page: number) => [...operatorKeys.all, 'tenants', search, page] as const,
  users: (tenant: number, search: string, page: number) =>
    [...operatorKeys.all, 'users', tenant, search, page] as const,
  privilege: (user: number) => [...operatorKeys.all, 'privilege', user] as const,
  audit: (
    page: number,
    action: string,
    operator: number | null,
    tenant: number | null,
    start: number | null,
    end: number | null,
  ) => [...operatorKeys.all, 'audit', page, action, operator, tenant, start, end] as const,
  health: () => [...operatorKeys.all, 'health'] as const,
  trend: (metric: string, hours: number) => [...operatorKeys.all, 'health', 'trend', metric, hours] as const,
  alerts: () => [...operatorKeys.all, 'alerts'] as const,
  me: () => [...operatorKeys.all, 'me'] as const,
};

/** How often the health page reads the platform now, its alerts and its trends (ms). */
export const HEALTH_REFRESH_MS = 5_000;
export const ALERTS_REFRESH_MS = 10_000;
export const TREND_REFRESH_MS = 60_000;

export interface LoginValues {
  username: string;
  password: string;
  code: string;
  code_key: string;
}

export async function operatorLogin(values: LoginValues): Promise<void> {
  // Signed like every token-less call: the tenant's token must not ride along.
  const out = await post<Schema<'OperatorSessionOut'>>('/administrator/login', values, {
    silent: true,
    skipAuthRedirect: true,
  });
  setOperatorSession({ token: out.x_Token, operator: out.operator });
}

export async function operatorLogout(): Promise<void> {
  try {
    await opPost('/administrator/logout', undefined, { silent: true });
  } finally {
    clearOperatorSession();
  }
}

export function useStatistics(by: GroupBy, start: number | null, end: number | null, tenant: number | null) {
  return useQuery({
    queryKey: operatorKeys.statistics(by, start, end, tenant),
    queryFn: () =>
      opGet<DeviceStatistics>('/administrator/devices/statistics', {
        by,
        ...(start !== null && end !== null ? { start, end } : {}),
        ...(tenant ? { tenant_id: tenant } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTenants(search: string, page: number, enabled = true) {
  return useQuery({
    queryKey: operatorKeys.tenants(search, page),
    queryFn: () => opGet<Paged<TenantRow>>('/administrator/tenants', { search, page, page_size: 20 }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTenantUsers(tenant: number | null, search: string, page: number) {
  return useQuery({
    queryKey: operatorKeys.users(tenant ?? 0, search, page),
    queryFn: () =>
      opGet<Paged<TenantUserRow>>('/administrator/users', { tenant_id: tenant, search, page, page_size: 20 }),
    enabled: tenant !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePrivilege(user: number | null) {
  return useQuery({
    queryKey: operatorKeys.privilege(user ?? 0),
    queryFn: () => opGet<UserPrivilege>('/administrator/user/privilege', { user_id: user }),
    enabled: user !== null,
  });
}

export type PrivilegeEdit =
  | { operator_type: 'permissions'; req_data: { user_id: number; permissions: string[] } }
  | { operator_type: 'quotas'; req_data: { user_id: number } & Partial<Record<QuotaName, number | null>> };

export function useEditPrivilege() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: PrivilegeEdit) =>
      opPut<UserPrivilege>('/administrator/user/privilege', edit, { silent: true }),
    onSuccess: (out) => {
      client.setQueryData(operatorKeys.privilege(out.user_id), out);
      void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'audit'] });
    },
  });
}

/** The audit's filters beyond the action: one operator, one tenant, a time range (epoch ms, both ends). */
export interface AuditFilters {
  operatorId?: number | null;
  tenantId?: number | null;
  range?: readonly [number, number] | null;
}

export function useAudit(page: number, action: string, filters: AuditFilters = {}) {
  const { operatorId = null, tenantId = null, range = null } = filters;
  return useQuery({
    queryKey: operatorKeys.audit(page, action, operatorId, tenantId, range?.[0] ?? null, range?.[1] ?? null),
    queryFn: () =>
      opGet<Paged<AuditRow>>('/administrator/audit', {
        page,
        page_size: 20,
        action,
        ...(operatorId !== null ? { operator_id: operatorId } : {}),
        ...(tenantId !== null ? { tenant_id: tenantId } : {}),
        ...(range ? { start: range[0], end: range[1] } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOperatedDevice(sn: string) {
  return useQuery({
    queryKey: [...operatorKeys.all, 'device', sn] as const,
    queryFn: () => opGet<OperatedDevice>('/administrator/device', { sn }, { silent: true }),
    enabled: sn !== '',
    retry: false,
  });
}

export type DeviceAction = 'vpn/query' | 'vpn/reset' | 'flowcard/query' | 'flowcard/activate';

export function useDeviceAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sn, action }: { sn: string; action: DeviceAction }) =>
      opPost<OperatedDevice>(`/administrator/device/${action}`, { sn }, { silent: true }),
    onSuccess: (out) => {
      client.setQueryData([...operatorKeys.all, 'device', out.sn], out);
      void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'audit'] });
    },
  });
}

export function useHealth() {
  return useQuery({
    queryKey: operatorKeys.health(),
    queryFn: () => opGet<Health>('/administrator/health', undefined, { silent: true }),
    refetchInterval: HEALTH_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useHealthTrend(metric: HealthMetric, hours = 24) {
  return useQuery({
    queryKey: operatorKeys.trend(metric, hours),
    queryFn: () => opGet<HealthTrend>('/administrator/health/trend', { metric, hours }, { silent: true }),
    refetchInterval: TREND_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The platform's alerts; `enabled` false for an operator without the monitoring scope (the menu's badge). */
export function usePlatformAlerts(enabled = true) {
  return useQuery({
    queryKey: operatorKeys.alerts(),
    queryFn: () => opGet<PlatformAlerts>('/administrator/alerts', undefined, { silent: true }),
    refetchInterval: ALERTS_REFRESH_MS,
    enabled,
  });
}

export function useAckAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      opPost<PlatformAlert>(`/administrator/alerts/${id}/ack`, undefined, { silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: operatorKeys.alerts() });
      void client.invalidateQueries({ queryKey: operatorKeys.health() });
      void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'audit'] });
    },
  });
}

/** The operator's own account, read afresh (the contact form shows what the server holds now). */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: operatorKeys.me(),
    queryFn: () => opGet<OperatorAccount>('/administrator/me', undefined, { silent: true }),
    enabled,
  });
}

/** The operator's own contacts: where the platform's alerts reach him (PUT /administrator/me, audited). */
export function useUpdateMyContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contact: OperatorContact) =>
      opPut<OperatorAccount>('/administrator/me', contact, { silent: true }),
    onSuccess: (out) => {
      client.setQueryData(operatorKeys.me(), out);
      setOperatorSession({ ...operatorSession(), operator: out });
      void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'audit'] });
    },
  });
}
