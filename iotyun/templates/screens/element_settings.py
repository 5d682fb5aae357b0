"""The settings of the element types that have a schema of their own (TYPED_SETTINGS): the 3D model element's and the
camera element's. Every other type's settings are open JSON for the designer's registry (document.Element.settings);
these are held to their schema as stored."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints, model_validator

from iotyun.core.limits import (
    MODEL3D_COORDINATE_MAX,
    MODEL3D_DRIVES_MAX,
    MODEL3D_MESHES_MAX,
    MODEL3D_NODE_NAME_MAX,
    MODEL3D_RPM_FACTOR_MAX,
    MODEL3D_SPINS_MAX,
    SCREEN_URL_MAX,
    TEMPLATE_CAMERAS_MAX,
)

# A binding key of an element (its `bindings`' keys; a drive's or spin's own), as document.py checks it.
Key = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,31}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- the 3D model element (issue 38 point 1) -------------------------------------------------------------------

NodeName = Annotated[str, StringConstraints(min_length=1, max_length=MODEL3D_NODE_NAME_MAX)]
# A drive's or spin's node: empty while the designer has not chosen one yet (it then moves nothing).
ChosenNode = Annotated[str, StringConstraints(max_length=MODEL3D_NODE_NAME_MAX)]
ModelCoordinate = Annotated[float, Field(ge=-MODEL3D_COORDINATE_MAX, le=MODEL3D_COORDINATE_MAX)]
Vec3 = Annotated[list[ModelCoordinate], Field(min_length=3, max_length=3)]
# The .gltf's URL as the gallery gave it (ModelOut.url): what the runtime loads, and the text the gallery's in-use
# prefilter finds (its file key).
ModelUrl = Annotated[str, StringConstraints(pattern=r"^/\S*\.gltf$", max_length=SCREEN_URL_MAX)]


class ModelCamera(_Strict):
    """The saved view: where the camera stands and what it looks at, in the model's units."""

    position: Vec3
    target: Vec3


class ModelDrive(_Strict):
    """A node's rotation (degrees), position (model units) or height (scale factor) set from the value bound under
    `key`: `min` maps to `from_value`, `max` to `to_value`, clamped between them."""

    key: Key
    node: ChosenNode
    kind: Literal["rotation_x", "rotation_y", "rotation_z", "position_x", "position_y", "position_z", "scale_y"]
    min: float = 0
    max: float = 100
    from_value: ModelCoordinate = 0
    to_value: ModelCoordinate = 1

    @model_validator(mode="after")
    def _range(self) -> "ModelDrive":
        if not self.min < self.max:
            raise ValueError("min must be below max")
        return self


class ModelSpin(_Strict):
    """A node turning on `axis` at the value bound under `key` × `factor` revolutions per minute (backwards for a
    negative value; none or 0 holds it)."""

    key: Key
    node: ChosenNode
    axis: Literal["x", "y", "z"] = "y"
    factor: float = Field(default=1, ge=-MODEL3D_RPM_FACTOR_MAX, le=MODEL3D_RPM_FACTOR_MAX)


class Model3dSettings(_Strict):
    """What a `model3d` element draws: a model of the gallery's 3D models by id (and its .gltf's URL), a saved
    camera (absent: the model framed whole), the nodes a state's colour (its backgroundColor) recolours, drives and
    spins. Each drive and spin reads its own binding key, never the state's `value` nor another's."""

    model_id: int | None = Field(default=None, ge=1)
    model_url: ModelUrl | None = None
    camera: ModelCamera | None = None
    meshes: list[NodeName] = Field(default_factory=list, max_length=MODEL3D_MESHES_MAX)
    drives: list[ModelDrive] = Field(default_factory=list, max_length=MODEL3D_DRIVES_MAX)
    spins: list[ModelSpin] = Field(default_factory=list, max_length=MODEL3D_SPINS_MAX)

    @model_validator(mode="after")
    def _keys(self) -> "Model3dSettings":
        keys = [d.key for d in self.drives] + [s.key for s in self.spins]
        if "value" in keys or len(set(keys)) != len(keys):
            raise ValueError("each drive and spin reads a binding key of its own")
        if (self.model_id is None) != (self.model_url is None):
            raise ValueError("a model is named by its id and its URL together")
        return self


# Settings checked by their type's schema; any other type's settings are open JSON for the designer's registry.
class CameraSettings(_Strict):
    """What a `camera` element plays (issue 38 point 4): the camera of the device being shown, one of its template's
    camera slots (/yun/module/video, by index) or the device's own video address; muted, with the browser's
    controls. Other keys (the look's) are the registry's, as for every element."""

    model_config = ConfigDict(extra="allow")

    source: Literal["slot", "device"] = "slot"
    slot: Annotated[StrictInt, Field(ge=0, lt=TEMPLATE_CAMERAS_MAX)] = 0
    muted: StrictBool = True
    controls: StrictBool = True


TYPED_SETTINGS: dict[str, type[_Strict]] = {"model3d": Model3dSettings, "camera": CameraSettings}
