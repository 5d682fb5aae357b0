"""The demo's own live stream (issue 38 point 5; docs/api-video.md "The demo stream"): a test pattern with the
server's clock, as HLS, so the console plays video without any account. The local provider's cameras name it.

One encoder a server process (Debian's `ffmpeg`, IOTYUN_VIDEO_FFMPEG), started by the first playlist request and
stopped when no playlist or segment was asked for during `idle_seconds`: nobody watching costs nothing. It writes a
sliding live playlist (a few segments of `segment_seconds`, older ones deleted) into a directory of its own; a
segment is served only by a name of the encoder's form (`s` and six digits `.ts`) found in that directory."""

import asyncio
import contextlib
import logging
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from iotyun.core.errors import AppError, ErrorCode

log = logging.getLogger(__name__)

PLAYLIST = "live.m3u8"
SEGMENT_NAME = re.compile(r"^s\d{6}\.ts$")
FRAME_RATE = 15
# How long the first request waits for the encoder's first playlist, and how often it looks.
START_TIMEOUT_S = 15.0
POLL_S = 0.1


def encoder_command(ffmpeg: str, directory: Path, segment_seconds: int, list_size: int) -> list[str]:
    """ffmpeg drawing a moving test pattern (testsrc2) with the server's wall clock, H.264 baseline (what every HLS
    player and Chromium's MSE decode), one key frame a second so a segment cut falls on one, as a live HLS playlist
    of `list_size` segments whose older files are deleted."""
    clock = (
        "drawtext=text='%{localtime\\:%X}':fontsize=48:fontcolor=white"
        ":box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=h-th-24"
    )
    return [
        ffmpeg,
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-re",
        "-f",
        "lavfi",
        "-i",
        f"testsrc2=size=640x360:rate={FRAME_RATE}",
        "-vf",
        clock,
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-tune",
        "zerolatency",
        "-profile:v",
        "baseline",
        "-crf",
        "30",
        "-pix_fmt",
        "yuv420p",
        "-g",
        str(FRAME_RATE),
        "-sc_threshold",
        "0",
        "-f",
        "hls",
        "-hls_time",
        str(segment_seconds),
        "-hls_list_size",
        str(list_size),
        "-hls_flags",
        "delete_segments+omit_endlist+independent_segments+temp_file",
        "-hls_segment_filename",
        str(directory / "s%06d.ts"),
        str(directory / PLAYLIST),
    ]


class DemoStream:
    """The encoder of this process, started on demand and stopped when idle."""

    def __init__(
        self,
        ffmpeg: str = "ffmpeg",
        idle_seconds: float = 30.0,
        segment_seconds: int = 2,
        list_size: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ffmpeg = ffmpeg
        self.idle_seconds = idle_seconds
        self.segment_seconds = segment_seconds
        self.list_size = list_size
        self.clock = clock
        self.directory: Path | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.last_request = 0.0
        self.starts = 0
        self._lock = asyncio.Lock()
        self._watcher: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def executable(self) -> str | None:
        return shutil.which(self.ffmpeg)

    async def playlist(self) -> str:
        """The live playlist, the encoder started first when it is not running. 503 (100003) when there is no
        encoder or it made no playlist in time."""
        self.last_request = self.clock()
        async with self._lock:
            if not self.running:
                await self._start()
        assert self.directory is not None
        path = self.directory / PLAYLIST
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            # A request waiting for the first playlist is a viewer: the idle watcher leaves the encoder be.
            self.last_request = self.clock()
            with contextlib.suppress(FileNotFoundError):
                text = path.read_text()
                if "#EXTINF" in text:
                    return text
            if not self.running or time.monotonic() > deadline:
                log.warning("video demo stream: the encoder made no playlist (%s)", self._encoder_log())
                await self.stop()
                raise AppError(ErrorCode.SERVICE_EXCEPTION, http_status=503)
            await asyncio.sleep(POLL_S)

    def segment(self, name: str) -> Path:
        """A segment's file: a name of the encoder's form in its directory, else 404 (100005)."""
        self.last_request = self.clock()
        if self.directory is None or SEGMENT_NAME.fullmatch(name) is None:
            raise AppError(ErrorCode.NOT_FOUND, http_status=404)
        path = self.directory / name
        if not path.is_file():
            raise AppError(ErrorCode.NOT_FOUND, http_status=404)
        return path

    async def _start(self) -> None:
        executable = self.executable()
        if executable is None:
            log.warning(
                "video demo stream: no encoder (%r is not installed; `make install` installs ffmpeg)", self.ffmpeg
            )
            raise AppError(ErrorCode.SERVICE_EXCEPTION, http_status=503)
        await self._clear()
        self.directory = Path(tempfile.mkdtemp(prefix="iotyun-video-demo-"))
        command = encoder_command(executable, self.directory, self.segment_seconds, self.list_size)
        # The encoder ends with the server even when the server is killed outright (SIGKILL gives it no shutdown):
        # util-linux's setpriv asks the kernel to send it SIGTERM when its parent dies, then runs it.
        setpriv = shutil.which("setpriv")
        if setpriv is not None:
            command = [setpriv, "--pdeathsig", "TERM", *command]
        with (self.directory / "encoder.log").open("wb") as errors:
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=errors
            )
        self.starts += 1
        log.info("video demo stream: encoder started (pid %d)", self.process.pid)
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch(), name="video-demo-idle")

    async def _watch(self) -> None:
        """Stops the encoder once nobody asked for the stream during `idle_seconds`."""
        period = max(0.05, min(self.idle_seconds / 4, 5.0))
        while self.running:
            await asyncio.sleep(period)
            if self.clock() - self.last_request >= self.idle_seconds:
                log.info("video demo stream: idle for %.0f s, encoder stopped", self.idle_seconds)
                await self._terminate()
                return

    def _encoder_log(self) -> str:
        if self.directory is None:
            return ""
        with contextlib.suppress(OSError):
            return (self.directory / "encoder.log").read_text(errors="replace")[-500:].strip()
        return ""

    async def _terminate(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                process.kill()
                await process.wait()
        await self._clear()

    async def _clear(self) -> None:
        directory, self.directory = self.directory, None
        if directory is not None:
            await asyncio.to_thread(shutil.rmtree, directory, True)

    async def stop(self) -> None:
        """Stops the encoder and its watcher, removing the segments (the app's shutdown; a failed start)."""
        watcher, self._watcher = self._watcher, None
        if watcher is not None and watcher is not asyncio.current_task():
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
        await self._terminate()
