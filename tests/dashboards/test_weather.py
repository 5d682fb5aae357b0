"""The weather widget's providers (issue 31 point 3): 119002 while none is configured, the local estimate with no
network, Open-Meteo's answers read into WMO codes, and an upstream failure answered as a failed operation."""

import httpx
import pytest
from fastapi import FastAPI

from iotyun.core.errors import AppError
from iotyun.dashboards.weather import LocalWeather, OpenMeteo
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team

WHERE = {"lat": 31.23, "lon": 121.47}


async def test_not_configured_answers_119002(team: Team) -> None:
    assert code(await team.admin.get("/weather/now", params=WHERE)) == 119002
    assert code(await team.admin.get("/weather/daily", params=WHERE)) == 119002


async def test_local_estimate(app: FastAPI, team: Team, api: Api) -> None:
    app.state.settings.weather_provider = "local"
    now = ok(await team.admin.get("/weather/now", params=WHERE))
    assert now["provider"] == "local" and -40 < now["temperature"] < 50 and 0 <= now["humidity"] <= 100
    days = ok(await team.admin.get("/weather/daily", params={**WHERE, "days": 5}))["days"]
    assert len(days) == 5 and all(d["temperature_min"] < d["temperature_max"] for d in days)
    assert code(await team.admin.get("/weather/daily", params={**WHERE, "days": 8})) == 100004
    assert code(await team.admin.get("/weather/now", params={"lat": 91, "lon": 0})) == 100004
    assert code(await api.get("/weather/now", params=WHERE)) != 1


async def test_local_is_the_same_for_the_same_place_and_day() -> None:
    a, b = LocalWeather(), LocalWeather()
    assert (await a.daily(10, 20, 3)) == (await b.daily(10, 20, 3))
    north, south = await a.daily(50, 0, 1), await a.daily(-50, 0, 1)
    assert north.days[0].temperature_max != south.days[0].temperature_max


async def test_open_meteo_answers() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        if "current" in request.url.params:
            return httpx.Response(
                200,
                json={
                    "current": {
                        "time": "2026-11-29T04:00",
                        "temperature_2m": 8.5,
                        "relative_humidity_2m": 70,
                        "weather_code": 61,
                        "wind_speed_10m": 3.2,
                        "wind_direction_10m": 180,
                    }
                },
            )
        return httpx.Response(
            200,
            json={
                "daily": {
                    "time": ["2026-11-29", "2026-11-30"],
                    "weather_code": [61, 0],
                    "temperature_2m_max": [10, 12],
                    "temperature_2m_min": [4, 5],
                    "precipitation_sum": [3.2, None],
                }
            },
        )

    provider = OpenMeteo("https://weather.test/v1/forecast", 1, transport=httpx.MockTransport(answer))
    now = await provider.now(1, 2)
    assert (now.code, now.temperature, now.provider) == (61, 8.5, "open-meteo")
    daily = await provider.daily(1, 2, 2)
    assert [(d.code, d.precipitation) for d in daily.days] == [(61, 3.2), (0, 0.0)]


async def test_open_meteo_failure_is_a_failed_operation() -> None:
    broken = OpenMeteo(
        "https://weather.test/v1/forecast", 1, transport=httpx.MockTransport(lambda _: httpx.Response(502))
    )
    with pytest.raises(AppError) as caught:
        await broken.now(1, 2)
    assert caught.value.code == 100002
    garbled = OpenMeteo(
        "https://weather.test", 1, transport=httpx.MockTransport(lambda _: httpx.Response(200, json={}))
    )
    with pytest.raises(AppError):
        await garbled.daily(1, 2, 1)
