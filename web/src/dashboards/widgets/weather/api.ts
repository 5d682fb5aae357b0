// GET /weather/now and /weather/daily (docs/api-dashboards.md "Weather"): the weather at a place from the server's
// configured provider, in WMO codes. Silent: a card shows a refusal on itself (119002: no provider configured).
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type WeatherNow = Schema<'WeatherNowOut'>;
export type WeatherDaily = Schema<'WeatherDailyOut'>;

/** 119002: the server has no weather provider configured. */
export const WEATHER_NOT_CONFIGURED = '119002';
/** How often a seen card asks again: the providers update every quarter of an hour or so. */
export const WEATHER_REFRESH_MS = 10 * 60 * 1000;

export const weatherKeys = {
  all: ['weather'] as const,
  now: (lat: number, lon: number) => [...weatherKeys.all, 'now', lat, lon] as const,
  daily: (lat: number, lon: number, days: number) => [...weatherKeys.all, 'daily', lat, lon, days] as const,
};

export function getWeatherNow(lat: number, lon: number): Promise<WeatherNow> {
  return get<WeatherNow>('/weather/now', { lat, lon }, { silent: true, dashboardRequest: true });
}

export function getWeatherDaily(lat: number, lon: number, days: number): Promise<WeatherDaily> {
  return get<WeatherDaily>('/weather/daily', { lat, lon, days }, { silent: true, dashboardRequest: true });
}

export function useWeatherNow(lat: number, lon: number, enabled: boolean) {
  return useQuery({
    queryKey: weatherKeys.now(lat, lon),
    queryFn: () => getWeatherNow(lat, lon),
    enabled,
    staleTime: WEATHER_REFRESH_MS / 2,
    refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
  });
}

export function useWeatherDaily(lat: number, lon: number, days: number, enabled: boolean) {
  return useQuery({
    queryKey: weatherKeys.daily(lat, lon, days),
    queryFn: () => getWeatherDaily(lat, lon, days),
    enabled,
    staleTime: WEATHER_REFRESH_MS / 2,
    refetchInterval: enabled ? WEATHER_REFRESH_MS : false,
  });
}
