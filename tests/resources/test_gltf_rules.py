"""The stricter checks of a model's .gltf (resources/gltf.py, issue 38 point 2), rule by rule, without a server: glTF
2.0 only; every uri a file of the upload of the right kind and every uploaded file named by a uri (114512 otherwise);
a buffer's .bin as long as its byteLength; every bufferView inside its buffer, every accessor inside its bufferView.
Each refusal names the file at fault in its text."""

import base64
import json
from typing import Any

import pytest

from iotyun.core.errors import AppError, ErrorCode
from iotyun.resources.gltf import check_files, check_gltf
from tests.resources.factories import png

BIN = bytes(96)  # 8 VEC3 float32 positions (96 bytes)


def doc(**over: Any) -> dict[str, Any]:
    """A valid glTF 2.0 document: one 96-byte buffer, a view of it and a VEC3 float accessor of 8 items."""
    base: dict[str, Any] = {
        "asset": {"version": "2.0"},
        "buffers": [{"uri": "m.bin", "byteLength": 96}],
        "bufferViews": [{"buffer": 0, "byteLength": 96}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3"}],
    }
    base.update(over)
    return base


def refusal(document: dict[str, Any], files: dict[str, bytes] | None = None) -> AppError:
    with pytest.raises(AppError) as caught:
        check_gltf(json.dumps(document).encode(), "m.gltf", files if files is not None else {"m.bin": BIN})
    return caught.value


def test_a_valid_document_passes() -> None:
    check_gltf(json.dumps(doc()).encode(), "m.gltf", {"m.bin": BIN})
    check_gltf(json.dumps(doc()).encode(), "m.gltf", {"m.bin": BIN + b"\0" * 4})  # longer than declared is allowed


@pytest.mark.parametrize("version", ["1.0", "3.0", 2, None, ""])
def test_only_gltf_2(version: object) -> None:
    error = refusal(doc(asset={"version": version}))
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_PARSE_FAILED, "m.gltf")
    assert "m.gltf" in error.detail("zh") and "m.gltf" in error.detail("en")


def test_a_missing_texture_is_named() -> None:
    error = refusal(doc(images=[{"uri": "rust%20skin.png"}]))
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_PARSE_FAILED, "rust skin.png")
    assert "rust skin.png" in error.detail("en")


def test_a_uri_of_the_wrong_kind_is_named() -> None:
    assert refusal(doc(images=[{"uri": "m.bin"}])).params["file"] == "m.bin"
    files = {"m.bin": BIN, "skin.png": png()}
    wrong = doc(buffers=[{"uri": "skin.png", "byteLength": 96}], images=[{"uri": "m.bin"}])
    assert refusal(wrong, files).params["file"] == "skin.png"


@pytest.mark.parametrize("extra", ["spare.bin", "unused.png"])
def test_an_uploaded_file_no_uri_names_is_refused_by_name(extra: str) -> None:
    error = refusal(doc(), {"m.bin": BIN, extra: png()})
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_FILE_UNUSED, extra)
    assert extra in error.detail("zh") and extra in error.detail("en")


def test_a_bin_shorter_than_its_byte_length_is_named() -> None:
    error = refusal(doc(), {"m.bin": BIN[:95]})
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_PARSE_FAILED, "m.bin")


def test_an_embedded_buffer_holds_its_byte_length() -> None:
    uri = "data:application/octet-stream;base64,"
    check_gltf(
        json.dumps(doc(buffers=[{"uri": uri + base64.b64encode(BIN).decode(), "byteLength": 96}])).encode(),
        "m.gltf",
        {},
    )
    short = doc(buffers=[{"uri": uri + base64.b64encode(BIN[:90]).decode(), "byteLength": 96}])
    assert refusal(short, {}).params["file"] == "m.gltf"
    assert refusal(doc(buffers=[{"uri": uri + "!!", "byteLength": 96}]), {}).params["file"] == "m.gltf"


@pytest.mark.parametrize(
    "view",
    [
        {"buffer": 0, "byteLength": 97},
        {"buffer": 0, "byteOffset": 4, "byteLength": 96},
        {"buffer": 1, "byteLength": 8},
        {"buffer": 0, "byteLength": 0},
        {"buffer": 0, "byteLength": 96, "byteStride": 2},
        {"buffer": "0", "byteLength": 96},
    ],
    ids=["too-long", "offset-past-end", "no-such-buffer", "empty", "stride-below-4", "index-not-a-number"],
)
def test_a_buffer_view_stays_inside_its_buffer(view: dict[str, Any]) -> None:
    error = refusal(doc(bufferViews=[view]))
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_PARSE_FAILED, "m.gltf")


@pytest.mark.parametrize(
    "accessor",
    [
        {"bufferView": 0, "componentType": 5126, "count": 9, "type": "VEC3"},
        {"bufferView": 0, "byteOffset": 4, "componentType": 5126, "count": 8, "type": "VEC3"},
        {"bufferView": 0, "componentType": 5126, "count": 2, "type": "MAT4"},
        {"bufferView": 1, "componentType": 5126, "count": 1, "type": "VEC3"},
        {"bufferView": 0, "componentType": 5130, "count": 1, "type": "VEC3"},
        {"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC5"},
        {"bufferView": 0, "componentType": 5126, "count": 0, "type": "VEC3"},
        {"bufferView": 0, "componentType": [5126], "count": 1, "type": {"VEC3": 1}},
    ],
    ids=["count", "offset", "matrix", "no-such-view", "component-type", "type", "no-items", "not-scalars"],
)
def test_an_accessor_stays_inside_its_buffer_view(accessor: dict[str, Any]) -> None:
    error = refusal(doc(accessors=[accessor]))
    assert (error.code, error.params["file"]) == (ErrorCode.MODEL_PARSE_FAILED, "m.gltf")


def test_accessors_read_with_the_view_stride_and_their_own_size() -> None:
    # Interleaved: 4 vertices of 24 bytes (position + normal); the normals start 12 bytes in.
    strided = doc(
        bufferViews=[{"buffer": 0, "byteLength": 96, "byteStride": 24}],
        accessors=[
            {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
            {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 4, "type": "VEC3"},
            {"componentType": 5126, "count": 3, "type": "VEC3"},  # no view: zeros, as glTF allows
        ],
    )
    check_gltf(json.dumps(strided).encode(), "m.gltf", {"m.bin": BIN})
    past = {"bufferView": 0, "byteOffset": 16, "componentType": 5126, "count": 4, "type": "VEC3"}
    assert refusal({**strided, "accessors": [past]}).code == ErrorCode.MODEL_PARSE_FAILED


def test_check_files_names_the_file_through_the_whole_upload() -> None:
    files = [("m.gltf", json.dumps(doc()).encode()), ("m.bin", BIN), ("left over.png", png())]
    with pytest.raises(AppError) as caught:
        check_files(files)
    assert caught.value.code == ErrorCode.MODEL_FILE_UNUSED and "left over.png" in caught.value.detail("zh")
