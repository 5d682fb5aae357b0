"""An operator's session opens nothing of a tenant's outside REST either (issue 35 point 5): the live-data socket
closes it as an unknown token (4401), and the MQTT broker lets neither its name nor its token in."""

import aiomqtt
import pytest
from fastapi import FastAPI
from websockets.asyncio.client import connect

from tests.conftest import Api
from tests.operations.conftest import OPERATOR_PASSWORD
from tests.telemetry.conftest import app, plant
from tests.telemetry.factories import Plant, broker_of
from tests.telemetry.test_broker import NOT_AUTHORIZED, embedded
from tests.telemetry.test_ws import closed_with, dumps, server

# The telemetry tests' app: its runtime started, with the product's own broker on SQLite.
__all__ = ["app", "plant", "server"]


async def test_an_operator_token_is_refused_by_the_live_socket(server: str, operator: Api) -> None:
    async with connect(server) as ws:
        await ws.send(dumps({"op": "auth", "token": operator.token}))
        assert await closed_with(ws) == 4401


async def test_an_operator_is_refused_by_the_broker(app: FastAPI, operator: Api, plant: Plant) -> None:
    embedded(app)  # the product's own broker keeps the accounts (the machine's Mosquitto pairing is not it)
    host, port = broker_of(app)
    for username, password in (("opsroot", OPERATOR_PASSWORD), ("opsroot", operator.token), (plant.sn, operator.token)):
        with pytest.raises(aiomqtt.MqttCodeError) as refused:
            async with aiomqtt.Client(host, port, username=username, password=password, identifier="ops", timeout=10):
                pass
        assert refused.value.rc in NOT_AUTHORIZED, (username, refused.value)
