"""What a package is, judged by its bytes (iotyun/software/packages.py): each type takes its own kinds, a damaged,
truncated or disguised file is 116001, a gateway package says of itself which version and models it is, and
nothing in it may leave the folder a gateway unpacks it into."""

import io
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest

from iotyun.core.errors import AppError
from iotyun.software import packages
from iotyun.software.models import TYPE_DEVICE, TYPE_MOBILE, TYPE_PC
from tests.software.factories import apk, deb, dmg, elf, gateway_package, ipa, msi, pe_exe, zipped


def judged(tmp_path: Path, data: bytes, software_type: int) -> packages.PackageFacts:
    path = tmp_path / "p.bin"
    path.write_bytes(data)
    return packages.judge(path, software_type)


def refused(tmp_path: Path, data: bytes, software_type: int) -> int:
    with pytest.raises(AppError) as caught:
        judged(tmp_path, data, software_type)
    return caught.value.code


@pytest.mark.parametrize(
    ("make", "software_type", "kind", "platform"),
    [
        (apk, TYPE_MOBILE, "apk", "android"),
        (ipa, TYPE_MOBILE, "ipa", "ios"),
        (pe_exe, TYPE_PC, "exe", "windows"),
        (msi, TYPE_PC, "msi", "windows"),
        (deb, TYPE_PC, "deb", "linux"),
        (elf, TYPE_PC, "elf", "linux"),
        (dmg, TYPE_PC, "dmg", "macos"),
        (lambda: zipped({"client/app.exe": b"MZ"}), TYPE_PC, "zip", "any"),
    ],
)
def test_each_kind_by_its_bytes(
    tmp_path: Path, make: Callable[[], bytes], software_type: int, kind: str, platform: str
) -> None:
    facts = judged(tmp_path, make(), software_type)
    assert (facts.kind, facts.platform) == (kind, platform)


def test_a_gateway_package_names_its_version_and_models(tmp_path: Path) -> None:
    facts = judged(tmp_path, gateway_package("3.0.0-rc.1", ["IG-100", "IG-200"]), TYPE_DEVICE)
    assert (facts.kind, facts.manifest_version, facts.manifest_models) == (
        "gateway",
        "3.0.0-rc.1",
        ("IG-100", "IG-200"),
    )
    assert judged(tmp_path, gateway_package("1.0.0"), TYPE_DEVICE).manifest_models == ()


@pytest.mark.parametrize(
    ("data", "software_type"),
    [
        (apk(), TYPE_DEVICE),  # a zip is no gateway package
        (gateway_package(), TYPE_MOBILE),
        (pe_exe(), TYPE_MOBILE),
        (b"<html>not a package</html>", TYPE_PC),
        (b"MZ" + b"\0" * 100, TYPE_PC),  # MZ without a PE header
        (zipped({"readme.txt": b"x"}), TYPE_MOBILE),
    ],
    ids=["zip-as-device", "tar-as-mobile", "exe-as-mobile", "html", "mz-only", "plain-zip-as-mobile"],
)
def test_not_what_the_type_says_116001(tmp_path: Path, data: bytes, software_type: int) -> None:
    assert refused(tmp_path, data, software_type) == 116001


@pytest.mark.parametrize(
    ("make", "software_type"),
    [
        (lambda: gateway_package(extra={"payload/big.bin": bytes(range(256)) * 2000}), TYPE_DEVICE),
        (apk, TYPE_MOBILE),
        (pe_exe, TYPE_PC),
        (deb, TYPE_PC),
        (elf, TYPE_PC),
        (dmg, TYPE_PC),
        (msi, TYPE_PC),
    ],
    ids=["gateway", "apk", "exe", "deb", "elf", "dmg", "msi"],
)
def test_truncated_116001(tmp_path: Path, make: Callable[[], bytes], software_type: int) -> None:
    whole = make()
    assert refused(tmp_path, whole[: len(whole) - 7], software_type) == 116001


def test_a_flipped_byte_in_a_zip_fails_its_crc(tmp_path: Path) -> None:
    data = bytearray(zipped({"AndroidManifest.xml": b"m" * 4000, "classes.dex": b"d" * 4000}))
    data[60] ^= 0xFF
    assert refused(tmp_path, bytes(data), TYPE_MOBILE) == 116001


@pytest.mark.parametrize(
    "data",
    [
        gateway_package(manifest={"format": 1, "type": "mobile", "version": "1.0.0"}),
        gateway_package(manifest={"format": 2, "type": "device", "version": "1.0.0"}),
        gateway_package(manifest={"format": 1, "type": "device", "version": 1}),
        gateway_package(manifest={"format": 1, "type": "device", "version": "1.0.0", "models": "IG-100"}),
        gateway_package(extra={"iotyun-package.json": b"{not json"}),
        gateway_package(extra={"../evil": b"x"}),
        gateway_package(extra={"/etc/cron.d/x": b"x"}),
        gateway_package(links=True),
    ],
    ids=["other-type", "other-format", "number-version", "models-text", "bad-json", "dotdot", "absolute", "symlink"],
)
def test_a_gateway_package_that_is_not_one_116001(tmp_path: Path, data: bytes) -> None:
    assert refused(tmp_path, data, TYPE_DEVICE) == 116001


def test_a_tar_without_a_manifest_116001(tmp_path: Path) -> None:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        info = tarfile.TarInfo("agent.py")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    assert refused(tmp_path, out.getvalue(), TYPE_DEVICE) == 116001
