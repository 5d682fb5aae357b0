"""A broker in the test's own event loop that answers as slowly as a test wants, or never: enough MQTT (3.1.1 and 5)
for the server's two connections, the ingest link and the dynamic-security client, to connect and subscribe."""

import asyncio
import contextlib

CONNECT, SUBSCRIBE, PINGREQ, DISCONNECT = 1, 8, 12, 14


class FakeBroker:
    """Answers CONNECT and SUBSCRIBE after `delay` seconds, or never when `delay` is None; counts the connections
    the clients left open."""

    def __init__(self, delay: float | None = 0.0) -> None:
        self.delay = delay
        self.port = 0
        self.connections = 0  # open now
        self.accepted = 0
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> "FakeBroker":
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._handlers):
            task.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        self.connections += 1
        self.accepted += 1
        try:
            await self._serve(reader, writer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.connections -= 1
            self._handlers.discard(task)
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        v5 = False
        while True:
            kind, body = await _packet(reader)
            if kind == DISCONNECT:
                return
            if kind == CONNECT:
                v5 = body[6] == 5  # b"\x00\x04MQTT" then the protocol level
                await self._answer(writer, b"\x20\x03\x00\x00\x00" if v5 else b"\x20\x02\x00\x00")
            elif kind == SUBSCRIBE:
                granted = bytes([1] * _filters(body, v5))
                rest = body[:2] + (b"\x00" if v5 else b"") + granted
                await self._answer(writer, b"\x90" + _length(len(rest)) + rest)
            elif kind == PINGREQ:
                await self._answer(writer, b"\xd0\x00")

    async def _answer(self, writer: asyncio.StreamWriter, packet: bytes) -> None:
        if self.delay is None:
            return  # a broker that takes the connection and then hangs (it still reads: a close is seen)
        with contextlib.suppress(ConnectionError):
            await asyncio.sleep(self.delay)
            writer.write(packet)
            await writer.drain()


async def _packet(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = (await reader.readexactly(1))[0]
    length, shift = 0, 0
    while True:
        byte = (await reader.readexactly(1))[0]
        length |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    return head >> 4, await reader.readexactly(length)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def _filters(body: bytes, v5: bool) -> int:
    at = 2  # the packet id
    if v5:
        size, at = _varint(body, at)
        at += size
    count = 0
    while at < len(body):
        at += 2 + int.from_bytes(body[at : at + 2], "big") + 1
        count += 1
    return count


def _length(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)
