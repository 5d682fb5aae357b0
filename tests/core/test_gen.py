"""The files `make gen` writes for the web app are up to date with the backend."""

from iotyun import gen


def test_generated_files_are_fresh() -> None:
    stale = [str(p) for p, content in gen.outputs().items() if not p.exists() or p.read_text() != content]
    assert not stale, f"run `make gen`: {stale}"
