// The weather at the card's place: the sky, temperature, humidity and wind now, and the next days' skies and
// temperatures, through the dashboard's source (GET /weather/now and /weather/daily, or a share link's one GET
// /yun/shared/dashboard/weather). Asked only while the card is seen; 119002 (no provider configured) says so on the
// card. The card's size decides what shows (weather.css: container queries): the days drawn smaller, then fewer,
// then none; the facts fewer, then none.
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import { useDashboardSource } from '../../data/source';
import { WEATHER_NOT_CONFIGURED } from '../../data/weather-api';
import { WeatherIcon } from './weather-icon';
import { skyIcon, weatherKind } from './wmo';
import './weather.css';

const round = (value: number) => Math.round(value);

export default function WeatherWidget({ settings, visible }: WidgetProps<'weather'>) {
  const { t } = useTranslation();
  const { lat, lon, days } = settings;
  const { now, daily } = useDashboardSource().useWeather(lat, lon, days, visible);
  const error = now.error ?? daily.error;
  if (isApiError(error) && error.code === WEATHER_NOT_CONFIGURED)
    return (
      <CardMessage
        kind="info"
        title={t('dashboards.widgets.weather.notConfigured')}
        hint={t('dashboards.widgets.weather.notConfiguredHint')}
      />
    );
  if (error && !now.data)
    return (
      <CardMessage
        kind="error"
        title={t('dashboards.widgets.weather.failed')}
        hint={isApiError(error) ? error.detail : undefined}
      />
    );
  if (!now.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const kind = weatherKind(now.data.code);
  const place =
    settings.city || t('dashboards.widgets.weather.place', { lat: lat.toFixed(2), lon: lon.toFixed(2) });
  return (
    <div className="dbw-weather">
      <div className="dbw-weather__body">
        <div className="dbw-weather__now">
          <WeatherIcon icon={skyIcon(kind)} size={56} />
          <div className="dbw-weather__main">
            <div className="dbw-weather__temp">
              {round(now.data.temperature)}
              <span className="dbw-weather__unit">{t('dashboards.widgets.weather.celsius')}</span>
            </div>
            <div className="dbw-weather__sky">{t(`dashboards.widgets.weather.kind.${kind}`)}</div>
          </div>
          <div className="dbw-weather__facts">
            <div className="dbw-weather__place">{place}</div>
            <div className="dbw-weather__fact">
              {t('dashboards.widgets.weather.humidity', { value: round(now.data.humidity) })}
            </div>
            <div className="dbw-weather__fact">
              {t('dashboards.widgets.weather.wind', { value: now.data.wind_speed.toFixed(1) })}
            </div>
          </div>
        </div>
        {daily.data && daily.data.days.length > 0 && (
          <ol className="dbw-weather__days">
            {daily.data.days.map((day, index) => {
              const dayKind = weatherKind(day.code);
              return (
                <li key={day.date} className="dbw-weather__day">
                  <span className="dbw-weather__date">
                    {index === 0 ? t('dashboards.widgets.weather.today') : dayjs(day.date).format('ddd')}
                  </span>
                  <WeatherIcon icon={skyIcon(dayKind)} size={24} />
                  <span
                    className="dbw-weather__range"
                    title={t(`dashboards.widgets.weather.kind.${dayKind}`)}
                  >
                    {t('dashboards.widgets.weather.range', {
                      min: round(day.temperature_min),
                      max: round(day.temperature_max),
                    })}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
