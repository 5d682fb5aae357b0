"""The on-disk value buffer: append, peek, mark sent, reopen."""

from pathlib import Path

import orjson

from iotyun.gateway.buffer import BatchBuffer


async def test_append_peek_mark_sent(tmp_path: Path) -> None:
    buf = await BatchBuffer.open(tmp_path / "b.sqlite")
    seqs = [await buf.append([{"id": 1, "v": i, "ts": 1, "q": 0}]) for i in range(3)]
    assert seqs == [1, 2, 3]
    batches = await buf.peek(2)
    assert [s for s, _ in batches] == [1, 2]
    first = orjson.loads(batches[0][1])
    assert first == {"boot": buf.boot, "seq": 1, "values": [{"id": 1, "v": 0, "ts": 1, "q": 0}]}
    await buf.mark_sent([1, 2])
    assert [s for s, _ in await buf.peek(10)] == [3]
    assert buf.pending == 1
    await buf.close()


async def test_survives_reopen_with_boot_and_seq(tmp_path: Path) -> None:
    path = tmp_path / "gw" / "b.sqlite"
    buf = await BatchBuffer.open(path)
    boot = buf.boot
    await buf.append([{"id": 1, "v": 1, "ts": 1, "q": 0}])
    await buf.append([{"id": 1, "v": 2, "ts": 2, "q": 0}])
    await buf.mark_sent([1])
    await buf.close()

    again = await BatchBuffer.open(path)
    assert again.boot == boot
    assert again.pending == 1
    assert [s for s, _ in await again.peek(10)] == [2]
    assert await again.append([]) == 3
    await again.mark_sent([2, 3])
    await again.close()

    third = await BatchBuffer.open(path)
    assert third.boot == boot
    assert third.pending == 0
    assert await third.append([]) == 4
    await third.close()


async def test_drops_the_oldest_beyond_the_cap(tmp_path: Path) -> None:
    buf = await BatchBuffer.open(tmp_path / "b.sqlite", cap=3)
    for i in range(5):
        await buf.append([{"id": 1, "v": i, "ts": i, "q": 0}])
    assert [s for s, _ in await buf.peek(10)] == [3, 4, 5]
    assert buf.pending == 3
    await buf.close()
