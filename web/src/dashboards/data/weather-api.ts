// GET /weather/now and /weather/daily (docs/api-dashboards.md "Weather"): the weather at a place from the server's
// configured provider, in WMO codes, for the console's weather cards (a share link's page asks
// /yun/shared/dashboard/weather: share-source.ts). Silent: a card shows a refusal on itself (119002: no provider
// configured).
import { get } from '@/lib/http';
import type { WeatherDaily, WeatherNow } from './source';

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
