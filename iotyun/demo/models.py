"""The demo gallery's 3D models (issue 38 point 2): the project's own pump skid, tank and fan
(iotyun/resources/models3d.py) in the administrator's classification "3D 模型", named 泵组, 储罐 and 风机. Each is
stored through the upload's own service (resources/service.upload_model), so it is checked as an upload is and counted
in the administrator's gallery_mb quota. Idempotent: a model already of that name in that classification is kept."""

from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.demo.automations import demo_actor
from iotyun.resources import models3d
from iotyun.resources import repository as gallery_repo
from iotyun.resources import service as gallery
from iotyun.resources.schemas import ClassifyIn
from iotyun.resources.service import model_out

CLASSIFICATION = "3D 模型"


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User], data_dir: Path) -> None:
    """The three models in the administrator's "3D 模型" classification (made when missing); `data_dir` is the
    server's, the models' files going under its gallery folder as an upload's do."""
    admin = users.get("admin")
    if admin is None:
        return
    actor = await demo_actor(session, admin)
    if actor is None:
        return
    row = await gallery_repo.classification_named(session, tenant_id, admin.id, CLASSIFICATION)
    classify_id = (
        row.id
        if row is not None
        else (await gallery.create_classification(session, actor, ClassifyIn(name=CLASSIFICATION))).id
    )
    for _key, name, build in models3d.DEMO_MODELS:
        if await gallery_repo.model_named(session, tenant_id, classify_id, name) is not None:
            continue
        await gallery.upload_model(
            session, actor, data_dir / "gallery", name=name, classify_id=classify_id, uploaded=build().files()
        )


async def demo_models(session: AsyncSession, tenant_id: int, admin: User) -> dict[str, tuple[int, str]] | None:
    """The demo's three models by name as a screen names them, (gallery id, .gltf URL); None unless all are there."""
    row = await gallery_repo.classification_named(session, tenant_id, admin.id, CLASSIFICATION)
    if row is None:
        return None
    found: dict[str, tuple[int, str]] = {}
    for _key, name, _build in models3d.DEMO_MODELS:
        model = await gallery_repo.model_named(session, tenant_id, row.id, name)
        if model is None:
            return None
        found[name] = (model.id, model_out(model).url)
    return found
