"""An image's bytes follow the request's transaction: an upload's file goes when it rolls back, a deleted image's
file only once the deletion commits (a savepoint's release is not the commit)."""

from pathlib import Path

from fastapi import FastAPI
from sqlalchemy import text

from iotyun.resources import storage

KEY = "k" * 32


async def test_an_uploads_file_goes_with_its_rollback_and_stays_with_its_commit(app: FastAPI, tmp_path: Path) -> None:
    path = storage.path_of(tmp_path, KEY, "png")
    async with app.state.db.sessionmaker() as session:
        # As in an upload, the request's transaction is open (its row was flushed) when the bytes are written.
        await session.execute(text("SELECT 1"))
        await storage.write(session, tmp_path, KEY, "png", b"bytes")
        assert path.read_bytes() == b"bytes"
        await session.rollback()
    assert not path.exists()
    async with app.state.db.sessionmaker() as session:
        await storage.write(session, tmp_path, KEY, "png", b"bytes")
        await session.commit()
        await session.rollback()
    assert path.read_bytes() == b"bytes"


async def test_a_deleted_images_file_goes_only_when_the_deletion_commits(app: FastAPI, tmp_path: Path) -> None:
    path = storage.path_of(tmp_path, KEY, "png")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"bytes")
    async with app.state.db.sessionmaker() as session:
        await session.execute(text("SELECT 1"))
        storage.remove_on_commit(session, tmp_path, KEY, "png")
        await session.rollback()
    assert path.exists()
    async with app.state.db.sessionmaker() as session:
        storage.remove_on_commit(session, tmp_path, KEY, "png")
        async with session.begin_nested():
            pass
        assert path.exists()
        await session.commit()
    assert not path.exists()


async def test_a_models_folder_goes_with_its_rollback_and_with_its_committed_deletion(
    app: FastAPI, tmp_path: Path
) -> None:
    folder = storage.model_dir_of(tmp_path, KEY)
    async with app.state.db.sessionmaker() as session:
        await session.execute(text("SELECT 1"))
        await storage.write_model(session, tmp_path, KEY, [("gltf", b"{}"), ("bin", b"\0")])
        assert sorted(p.name for p in folder.iterdir()) == ["0.gltf", "1.bin"]
        await session.rollback()
    assert not folder.exists()
    async with app.state.db.sessionmaker() as session:
        await storage.write_model(session, tmp_path, KEY, [("gltf", b"{}")])
        await session.commit()
    assert (folder / "0.gltf").read_bytes() == b"{}"
    async with app.state.db.sessionmaker() as session:
        await session.execute(text("SELECT 1"))
        storage.remove_model_on_commit(session, tmp_path, KEY)
        await session.rollback()
    assert folder.exists()
    async with app.state.db.sessionmaker() as session:
        storage.remove_model_on_commit(session, tmp_path, KEY)
        await session.commit()
    assert not folder.exists()
