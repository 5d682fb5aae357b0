"""The demo's own live stream (issue 38 point 5; docs/api-video.md "The demo stream"): a valid live HLS playlist
whose media sequence advances, its segments served as MPEG-TS bytes, nothing outside the encoder's directory
reachable, the encoder stopped when nobody asks, and a clear 503 without an encoder. ffmpeg must be installed
(`make install` installs it): these tests fail rather than skip without it."""

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from iotyun.video.demo_stream import DemoStream
from iotyun.video.runtime import runtime_of, stop_video
from tests.conftest import code

LIVE = "/api/video/demo/live.m3u8"
SEQUENCE = re.compile(r"^#EXT-X-MEDIA-SEQUENCE:(\d+)$", re.M)


def segments(playlist: str) -> list[str]:
    return [line for line in playlist.splitlines() if line and not line.startswith("#")]


def sequence(playlist: str) -> int:
    found = SEQUENCE.search(playlist)
    assert found, playlist
    return int(found.group(1))


@pytest.fixture
async def demo(app: FastAPI) -> AsyncIterator[DemoStream]:
    """The app's demo stream with short segments and a short idle time, so a test sees it slide and stop."""
    stream = runtime_of(app.state, app.state.settings).demo
    stream.segment_seconds, stream.list_size, stream.idle_seconds = 1, 2, 3.0
    yield stream
    await stop_video(app.state)


async def test_live_playlist_slides_and_segments_are_served(client: httpx.AsyncClient, demo: DemoStream) -> None:
    first = await client.get(LIVE, params={"serial": "LOCAL0001", "channel": 2})
    assert first.status_code == 200, first.text
    assert first.headers["content-type"].startswith("application/vnd.apple.mpegurl")
    assert first.headers["cache-control"] == "no-store"
    text = first.text
    assert text.startswith("#EXTM3U\n") and "#EXT-X-TARGETDURATION:" in text and "#EXT-X-ENDLIST" not in text
    names = segments(text)
    assert names and all(re.fullmatch(r"s\d{6}\.ts", n) for n in names), text
    segment = await client.get(f"/api/video/demo/{names[-1]}")
    assert segment.status_code == 200
    assert segment.headers["content-type"] == "video/mp2t" and "content-encoding" not in segment.headers
    body = segment.content
    # MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    assert len(body) >= 188 * 10 and len(body) % 188 == 0 and body[0] == 0x47 and body[188] == 0x47
    # Live: later playlists name later segments (the media sequence advances) while someone keeps asking.
    start = sequence(text)
    deadline = time.monotonic() + 20
    later = text
    while sequence(later) <= start:
        assert time.monotonic() < deadline, later
        await asyncio.sleep(0.5)
        later = (await client.get(LIVE)).text
    assert segments(later)[-1] > names[-1]
    assert demo.starts == 1


async def test_nothing_outside_the_segments_is_served(client: httpx.AsyncClient, demo: DemoStream) -> None:
    assert (await client.get(LIVE)).status_code == 200
    assert demo.directory is not None and (demo.directory / "encoder.log").exists()
    for name in (
        "encoder.log",
        "s1.ts",
        "s0000001.ts",
        "..%2Flive.m3u8",
        "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "s000000.ts%00",
    ):
        answer = await client.get(f"/api/video/demo/{name}")
        # Refused: 404 (100005), or the input guard's 100004 for a NUL; never a file's bytes.
        assert answer.headers["content-type"].startswith("application/json"), (name, answer.status_code)
        assert code(answer.json()) in (100004, 100005), (name, answer.text)


async def test_a_segment_before_any_playlist_is_not_found(client: httpx.AsyncClient, demo: DemoStream) -> None:
    answer = await client.get("/api/video/demo/s000000.ts")
    assert answer.status_code == 404 and code(answer.json()) == 100005
    assert not demo.running


async def test_the_encoder_stops_when_nobody_watches(client: httpx.AsyncClient, demo: DemoStream) -> None:
    assert (await client.get(LIVE)).status_code == 200
    process = demo.process
    directory = demo.directory
    assert process is not None and directory is not None and demo.running
    deadline = time.monotonic() + 10
    while demo.running or demo.directory is not None:
        assert time.monotonic() < deadline, "the encoder kept running without requests"
        await asyncio.sleep(0.2)
    await asyncio.wait_for(process.wait(), 5)
    assert process.returncode is not None and not await asyncio.to_thread(directory.exists)
    # A new viewer starts it again.
    assert (await client.get(LIVE)).status_code == 200
    assert demo.running and demo.starts == 2


async def test_without_an_encoder_the_playlist_answers_503(
    client: httpx.AsyncClient, demo: DemoStream, tmp_path: Path
) -> None:
    demo.ffmpeg = str(tmp_path / "no-ffmpeg")
    answer = await client.get(LIVE)
    assert answer.status_code == 503 and code(answer.json()) == 100003
    assert not demo.running
