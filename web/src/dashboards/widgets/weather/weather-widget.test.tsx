// The weather card: now and the next days at its place; 119002 says the service is not configured.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fail, mockApi, ok } from '@/test/mock-api';
import { card, dashboardOf, renderDashboard } from '../../test-fixtures';
import { skyIcon, weatherKind } from './wmo';

describe('the weather widget', () => {
  it('says the weather service is not configured (119002) on its card', async () => {
    mockApi({
      'GET /weather/now': () => fail('119002', '天气服务未配置'),
      'GET /weather/daily': () => fail('119002', '天气服务未配置'),
      'GET /yun/report/info': () => fail('118212', '报表不存在'),
    });
    renderDashboard(
      dashboardOf([
        card('w', 'weather', { city: '上海', lat: 31.23, lon: 121.47, days: 3 }),
        card('t', 'text', { text: '产线一' }),
      ]),
    );
    expect(await screen.findByText('天气服务未配置')).toBeInTheDocument();
    expect(screen.getByText('产线一')).toBeInTheDocument();
  });

  it('shows the sky, temperature and the next days at its place', async () => {
    const calls = mockApi({
      'GET /weather/now': () =>
        ok({
          provider: 'local',
          code: 61,
          temperature: 18.6,
          humidity: 72,
          wind_speed: 3.24,
          wind_direction: 90,
          observed_at: 0,
        }),
      'GET /weather/daily': () =>
        ok({
          provider: 'local',
          days: [
            { date: '2026-05-01', code: 0, temperature_max: 25.2, temperature_min: 15.8, precipitation: 0 },
            { date: '2026-05-02', code: 3, temperature_max: 22, temperature_min: 14, precipitation: 0 },
          ],
        }),
    });
    renderDashboard(dashboardOf([card('w', 'weather', { city: '上海', lat: 31.23, lon: 121.47, days: 2 })]));
    expect(await screen.findByText('上海')).toBeInTheDocument();
    expect(screen.getByText('雨')).toBeInTheDocument();
    expect(screen.getByText('19')).toBeInTheDocument();
    expect(screen.getByText('湿度 72%')).toBeInTheDocument();
    expect(await screen.findByText('16° / 25°')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/weather/daily')?.params).toEqual({
      lat: 31.23,
      lon: 121.47,
      days: 2,
    });
  });

  it('reads WMO codes', () => {
    expect(weatherKind(0)).toBe('clear');
    expect(weatherKind(45)).toBe('fog');
    expect(weatherKind(82)).toBe('rainShowers');
    expect(weatherKind(99)).toBe('thunderstormHail');
    expect(weatherKind(42)).toBe('unknown');
    expect(skyIcon(weatherKind(2))).toBe('sunCloud');
  });
});
