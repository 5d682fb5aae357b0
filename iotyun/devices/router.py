"""HTTP routes of the device registry (docs/api-devices.md): list and export, register, edit, sharing, hand-over,
distribution, take-back, import, flow cards and the device log."""

from typing import Annotated, Literal

from fastapi import APIRouter, BackgroundTasks, File, Query, UploadFile
from fastapi.responses import Response

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok, ok_raw
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import IMPORT_MAX_BYTES, UPLOAD_BODY_MAX_BYTES
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import SettingsDep
from iotyun.core.spreadsheets import XLSX_RESPONSES, xlsx_response
from iotyun.devices import cards, files, hooks, service, sharing
from iotyun.devices.dependencies import DeviceLogReader, DeviceReader, DeviceWriter
from iotyun.devices.repository import DeviceFilter
from iotyun.devices.schemas import (
    CardActivateIn,
    CardBindIn,
    CardBookIn,
    DeviceDetailOut,
    DeviceLogOut,
    DeviceOut,
    DeviceRegisterIn,
    DeviceSort,
    DeviceUpdateIn,
    DistributeIn,
    DistributionCancelIn,
    FlowCardOut,
    GrantOut,
    ImportOut,
    ReceivedShareGroupIn,
    ShareIn,
    SharesOut,
    SnCheckOut,
    SortOrder,
    StateInfoOut,
    TakebackIn,
    TransferIn,
)

router = APIRouter(tags=["devices"])


@router.get("/dev", response_model=Envelope[Page[DeviceOut]], responses=XLSX_RESPONSES)
@read_only
async def list_devices(
    actor: DeviceReader,
    session: SessionDep,
    page: PageDep,
    q: str | None = None,
    group_id: int | None = None,
    dev_state: Annotated[int | None, Query(ge=1, le=2)] = None,
    registered: bool | None = None,
    model: str | None = None,
    vpn_state: bool | None = None,
    shared: bool | None = None,
    sort: DeviceSort = "created_at",
    order: SortOrder = "desc",
    format: Literal["xlsx"] | None = None,
    accept_cap: bool = False,
) -> Envelope[Page[DeviceOut]] | Response:
    f = DeviceFilter(
        q=(q or "").strip() or None,
        group_id=group_id,
        dev_state=dev_state,
        registered=registered,
        model=model or None,
        vpn_state=vpn_state,
        shared=shared,
    )
    if format == "xlsx":
        content = await files.export_devices(session, actor, f, sort, order, accept_cap=accept_cap)
        return xlsx_response(content, "devices.xlsx")
    return ok_raw(await service.list_devices_json(session, actor, page, f, sort, order))


@router.get("/dev/basic/{device_id}")
async def device_detail(
    device_id: int, actor: DeviceReader, session: SessionDep, settings: SettingsDep
) -> Envelope[DeviceDetailOut]:
    return ok(await service.detail(session, settings, actor, device_id))


@router.get("/dev/SN")
async def check_sn(sn_code: str, actor: DeviceWriter, session: SessionDep) -> Envelope[SnCheckOut]:
    return ok(await service.check_sn(session, actor, sn_code))


@router.post("/dev/register")
async def register_device(
    body: DeviceRegisterIn, actor: DeviceWriter, session: SessionDep, background: BackgroundTasks
) -> Envelope[DeviceOut]:
    device = await service.register(session, actor, body)
    # The ingest may have met this SN before it was registered: it forgets that answer once this commits.
    background.add_task(hooks.config_changed.call, device.sn, None)
    return ok(await service.get_device(session, actor, device.id))


@router.delete("/dev/register")
async def unregister_device(id: int, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await service.unregister(session, actor, id)
    return ok()


@router.put("/dev/update")
async def update_device(
    body: DeviceUpdateIn, actor: DeviceWriter, session: SessionDep, settings: SettingsDep
) -> Envelope[DeviceOut]:
    return ok(await service.update(session, actor, body, settings))


@router.get("/dev/stateInfo")
@read_only
async def state_info(actor: DeviceReader, session: SessionDep) -> Envelope[StateInfoOut]:
    return ok(await service.state_info(session, actor))


# --- sharing, hand-over, distribution, take-back ---------------------------------------------------------------


@router.get("/dev/share")
async def list_shares(device_id: int, actor: DeviceWriter, session: SessionDep) -> Envelope[SharesOut]:
    return ok(await sharing.list_shares(session, actor, device_id))


@router.post("/dev/share")
async def share_devices(body: ShareIn, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.share(session, actor, body)
    return ok()


@router.delete("/dev/share")
async def cancel_share(device_id: int, user_id: int, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.cancel_share(session, actor, device_id, user_id)
    return ok()


@router.delete("/dev/share/received")
async def drop_received_share(device_id: int, actor: DeviceReader, session: SessionDep) -> Envelope[None]:
    await sharing.drop_received(session, actor, device_id)
    return ok()


@router.put("/dev/share/received")
async def file_received_share(body: ReceivedShareGroupIn, actor: DeviceReader, session: SessionDep) -> Envelope[None]:
    await sharing.file_received(session, actor, body)
    return ok()


@router.post("/dev/transfer")
async def transfer_devices(body: TransferIn, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.transfer(session, actor, body)
    return ok()


@router.get("/dev/distribution")
async def list_distribution(device_id: int, actor: DeviceWriter, session: SessionDep) -> Envelope[list[GrantOut]]:
    return ok(await sharing.list_distribution(session, actor, device_id))


@router.post("/dev/distribution")
async def distribute_devices(body: DistributeIn, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.distribute(session, actor, body)
    return ok()


@router.post("/dev/distribution/cancel")
async def cancel_distribution(body: DistributionCancelIn, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.cancel_distribution(session, actor, body)
    return ok()


@router.post("/dev/takeback")
async def take_back_devices(body: TakebackIn, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await sharing.takeback(session, actor, body)
    return ok()


# --- import ----------------------------------------------------------------------------------------------------


@router.post("/dev/import/batchInsert")
@body_limit(UPLOAD_BODY_MAX_BYTES, ErrorCode.IMPORT_FILE_TOO_LARGE)
async def import_devices(
    actor: DeviceWriter, session: SessionDep, file: Annotated[UploadFile, File()]
) -> Envelope[ImportOut]:
    # One byte past the cap is enough to know the file is too large.
    data = await file.read(IMPORT_MAX_BYTES + 1)
    return ok(await files.import_devices(session, actor, file.filename or "", data))


@router.get("/dev/import/batchInsert", response_model=None, responses=XLSX_RESPONSES)
async def import_template(actor: DeviceWriter) -> Response:
    return xlsx_response(files.template(), "device-import.xlsx")


# --- flow cards ------------------------------------------------------------------------------------------------


@router.post("/dev/card/binding")
async def bind_card(
    body: CardBindIn, actor: DeviceWriter, session: SessionDep, settings: SettingsDep
) -> Envelope[FlowCardOut]:
    return ok(await cards.bind(session, settings, actor, body))


@router.delete("/dev/card/binding")
async def unbind_card(device_id: int, actor: DeviceWriter, session: SessionDep) -> Envelope[None]:
    await cards.unbind(session, actor, device_id)
    return ok()


@router.get("/dev/card/info")
async def card_info(
    device_id: int, actor: DeviceReader, session: SessionDep, settings: SettingsDep, refresh: bool = False
) -> Envelope[FlowCardOut]:
    return ok(await cards.info(session, settings, actor, device_id, refresh=refresh))


@router.put("/dev/card/info")
async def book_card(
    body: CardBookIn, actor: DeviceWriter, session: SessionDep, settings: SettingsDep
) -> Envelope[FlowCardOut]:
    return ok(await cards.book(session, settings, actor, body))


@router.post("/dev/card/activate")
async def activate_card(
    body: CardActivateIn, actor: DeviceWriter, session: SessionDep, settings: SettingsDep
) -> Envelope[FlowCardOut]:
    return ok(await cards.activate(session, settings, actor, body.device_id))


# --- device log ------------------------------------------------------------------------------------------------


@router.get("/yun/devLog")
async def device_log(
    actor: DeviceLogReader,
    session: SessionDep,
    page: PageDep,
    device_id: int | None = None,
    sn: str | None = None,
    action: str | None = None,
    start: int | None = None,
    end: int | None = None,
) -> Envelope[Page[DeviceLogOut]]:
    return ok(
        await service.device_log(session, actor, page, device_id=device_id, sn=sn, action=action, start=start, end=end)
    )
