// The time zone calls (docs/api-system.md "Time zones"): GET /yun/timezone lists the zones with the caller's settings;
// PUT /yun/timezone/user sets the caller's own (null: the tenant's), PUT /yun/timezone/tenant the tenant's default
// (P81000). What they answer becomes the zone in force in this tab at once (lib/timezone): the console's page is drawn
// again in it (app/layouts/console-layout.tsx).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { get, put } from '@/lib/http';
import { setUserZone } from '@/lib/timezone';
import type { Schema } from '@/types/schema';

export type TimeZonesOut = Schema<'TimeZonesOut'>;
export type TimeZoneSettingsOut = Schema<'TimeZoneSettingsOut'>;
export type ZoneOut = Schema<'ZoneOut'>;

export const timeZonesQueryOptions = () =>
  queryOptions({
    queryKey: ['time-zones'] as const,
    queryFn: () => get<TimeZonesOut>('/yun/timezone'),
    staleTime: 60_000,
  });

export function useTimeZones(enabled = true) {
  return useQuery({ ...timeZonesQueryOptions(), enabled });
}

function useKeepSettings() {
  const client = useQueryClient();
  return (settings: TimeZoneSettingsOut) => {
    client.setQueryData(timeZonesQueryOptions().queryKey, (old) => (old ? { ...old, ...settings } : old));
    setUserZone(settings.effective);
  };
}

export function useSaveUserZone() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (zone: string | null) =>
      put<TimeZoneSettingsOut>('/yun/timezone/user', { time_zone: zone }, { silent: true }),
    onSuccess: keep,
  });
}

export function useSaveTenantZone() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (zone: string) =>
      put<TimeZoneSettingsOut>('/yun/timezone/tenant', { time_zone: zone }, { silent: true }),
    onSuccess: keep,
  });
}
