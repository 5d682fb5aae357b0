"""The weather widget's providers (issue 31 point 3; docs/api-dashboards.md "Weather"): one interface, answers in WMO
weather codes so the console draws every provider alike. `local` estimates the weather from the place's latitude
and the date with no network (a seasonal and daily temperature curve, a cloud cover that changes by the day): the
demo and the tests use it, and a machine with no internet shows a plausible sky. `open-meteo` asks Open-Meteo's
forecast API (no key) or a server of your own at IOTYUN_WEATHER_URL. None configured answers 119002."""

import hashlib
import math
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import httpx

from iotyun.core.config import Settings
from iotyun.core.errors import AppError, ErrorCode
from iotyun.dashboards.schemas import WeatherDailyOut, WeatherDayOut, WeatherNowOut

# WMO weather interpretation codes the local estimate uses: clear, partly cloudy, overcast, rain, snow.
_CLEAR, _PARTLY, _OVERCAST, _RAIN, _SNOW = 0, 2, 3, 61, 71


class WeatherProvider(Protocol):
    name: str

    async def now(self, lat: float, lon: float) -> WeatherNowOut: ...

    async def daily(self, lat: float, lon: float, days: int) -> WeatherDailyOut: ...


def _unit(*parts: Any) -> float:
    """A number in [0, 1) fixed by `parts` (the same place and day give the same sky)."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class LocalWeather:
    """A climate estimate: mean temperature by latitude, a seasonal swing (opposite in the south), a daily curve
    peaking at 14:00 local solar time, and the sky of the day drawn from the place and the date."""

    name = "local"

    def __init__(self, clock: Any = None) -> None:
        self._clock = clock or (lambda: datetime.now(UTC))

    @staticmethod
    def _day_mean(lat: float, day: datetime) -> float:
        mean = 28.0 - 0.4 * abs(lat) - 0.004 * lat * lat
        swing = 0.25 * abs(lat)
        season = math.cos(2 * math.pi * (day.timetuple().tm_yday - 200) / 365.25)
        return mean + (swing if lat >= 0 else -swing) * season

    def _sky(self, lat: float, lon: float, day: datetime, temperature: float) -> tuple[int, float]:
        roll = _unit(round(lat, 1), round(lon, 1), day.date().isoformat())
        if roll < 0.4:
            return _CLEAR, 0.0
        if roll < 0.7:
            return _PARTLY, 0.0
        if roll < 0.85:
            return _OVERCAST, 0.0
        rain = round(2 + 18 * _unit("p", round(lat, 1), round(lon, 1), day.date().isoformat()), 1)
        return (_SNOW if temperature < 1 else _RAIN), rain

    async def now(self, lat: float, lon: float) -> WeatherNowOut:
        at = self._clock()
        solar_hour = (at.hour + at.minute / 60 + lon / 15) % 24
        daily = 4.0 * math.cos(2 * math.pi * (solar_hour - 14) / 24)
        temperature = round(self._day_mean(lat, at) + daily, 1)
        code, _ = self._sky(lat, lon, at, temperature)
        return WeatherNowOut(
            provider=self.name,
            code=code,
            temperature=temperature,
            humidity=round(45 + 40 * _unit("h", round(lat, 1), round(lon, 1), at.date().isoformat(), at.hour)),
            wind_speed=round(1 + 8 * _unit("w", round(lat, 1), round(lon, 1), at.date().isoformat(), at.hour), 1),
            wind_direction=round(360 * _unit("d", round(lat, 1), round(lon, 1), at.date().isoformat())),
            observed_at=int(at.timestamp() * 1000),
        )

    async def daily(self, lat: float, lon: float, days: int) -> WeatherDailyOut:
        start = self._clock()
        out: list[WeatherDayOut] = []
        for n in range(days):
            day = start + timedelta(days=n)
            mean = self._day_mean(lat, day)
            code, rain = self._sky(lat, lon, day, mean)
            out.append(
                WeatherDayOut(
                    date=day.date().isoformat(),
                    code=code,
                    temperature_max=round(mean + 4, 1),
                    temperature_min=round(mean - 4, 1),
                    precipitation=rain,
                )
            )
        return WeatherDailyOut(provider=self.name, days=out)


class OpenMeteo:
    """Open-Meteo's forecast API: `current` and `daily` in one call each, WMO codes as they come."""

    name = "open-meteo"

    def __init__(self, url: str, timeout_s: float, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._url = url
        self._timeout = timeout_s
        self._transport = transport

    async def _get(self, params: dict[str, Any]) -> dict[str, Any]:
        try:
            async with httpx.AsyncClient(timeout=self._timeout, transport=self._transport) as client:
                response = await client.get(self._url, params=params)
                response.raise_for_status()
                body: dict[str, Any] = response.json()
                return body
        except (httpx.HTTPError, ValueError) as exc:
            raise AppError(ErrorCode.OPERATION_FAILED) from exc

    async def now(self, lat: float, lon: float) -> WeatherNowOut:
        body = await self._get(
            {
                "latitude": lat,
                "longitude": lon,
                "current": "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m",
                "wind_speed_unit": "ms",
                "timezone": "UTC",
            }
        )
        try:
            cur = body["current"]
            at = datetime.fromisoformat(cur["time"]).replace(tzinfo=UTC)
            return WeatherNowOut(
                provider=self.name,
                code=int(cur["weather_code"]),
                temperature=float(cur["temperature_2m"]),
                humidity=float(cur["relative_humidity_2m"]),
                wind_speed=float(cur["wind_speed_10m"]),
                wind_direction=float(cur["wind_direction_10m"]),
                observed_at=int(at.timestamp() * 1000),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise AppError(ErrorCode.OPERATION_FAILED) from exc

    async def daily(self, lat: float, lon: float, days: int) -> WeatherDailyOut:
        body = await self._get(
            {
                "latitude": lat,
                "longitude": lon,
                "daily": "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum",
                "forecast_days": days,
                "timezone": "UTC",
            }
        )
        try:
            d = body["daily"]
            return WeatherDailyOut(
                provider=self.name,
                days=[
                    WeatherDayOut(
                        date=str(d["time"][n]),
                        code=int(d["weather_code"][n]),
                        temperature_max=float(d["temperature_2m_max"][n]),
                        temperature_min=float(d["temperature_2m_min"][n]),
                        precipitation=float(d["precipitation_sum"][n] or 0),
                    )
                    for n in range(min(days, len(d["time"])))
                ],
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise AppError(ErrorCode.OPERATION_FAILED) from exc


def provider(settings: Settings) -> WeatherProvider:
    if settings.weather_provider == "local":
        return LocalWeather()
    if settings.weather_provider == "open-meteo":
        return OpenMeteo(settings.weather_url, settings.weather_timeout_s)
    raise AppError(ErrorCode.WEATHER_NOT_CONFIGURED)


async def now(settings: Settings, lat: float, lon: float) -> WeatherNowOut:
    return await provider(settings).now(lat, lon)


async def daily(settings: Settings, lat: float, lon: float, days: int) -> WeatherDailyOut:
    return await provider(settings).daily(lat, lon, days)
