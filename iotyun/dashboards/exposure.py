"""What a dashboard shows (a share link opens no more than this): the devices, device groups, reports and gallery 3D
models its cards name, read from its document (dashboards/document.py)."""

from pydantic import BaseModel, Field

from iotyun.dashboards.document import (
    CameraCard,
    ConfigurationCard,
    DashboardDocument,
    DeviceTreeCard,
    FaultCard,
    GroupTreeCard,
    MapCard,
    Model3dCard,
    ReportCard,
)


class Exposure(BaseModel):
    """What a dashboard shows of the devices its viewer reads (a share link opens no more than this): the devices its
    cards name, the device groups whose devices a card lists, whether a card lists every device the viewer reads,
    whether a group tree lists the device groups, and the reports a report card following the device tree draws for
    the device picked there (any device the dashboard shows; a report card that follows nothing shows its own), and
    the gallery's 3D models its cards draw."""

    devices: set[int] = Field(default_factory=set)
    groups: set[int] = Field(default_factory=set)
    every_device: bool = False
    group_tree: bool = False
    device_reports: set[int] = Field(default_factory=set)
    models: set[int] = Field(default_factory=set)
    # Devices only a camera card names: their camera plays through the link, nothing else of them is read there.
    cameras: set[int] = Field(default_factory=set)

    def merge(self, other: "Exposure") -> None:
        """Adds what `other` shows (a toggled dashboard, another dashboard of a sector)."""
        self.devices |= other.devices
        self.groups |= other.groups
        self.every_device |= other.every_device
        self.group_tree |= other.group_tree
        self.device_reports |= other.device_reports
        self.models |= other.models
        self.cameras |= other.cameras


def exposure(document: DashboardDocument) -> Exposure:
    out = Exposure()
    cards = document.cards_and_tabs()
    out.group_tree = any(isinstance(c, GroupTreeCard) for c in cards)

    def listing(group_id: int | None, linked_to_group: bool) -> None:
        """A card listing the devices of `group_id` (all when none), or of any group a group tree offers."""
        if group_id is None or (linked_to_group and out.group_tree):
            out.every_device = True
        else:
            out.groups.add(group_id)

    for card in cards:
        if isinstance(card, ConfigurationCard) and card.settings.device_id is not None:
            out.devices.add(card.settings.device_id)
        elif isinstance(card, CameraCard) and card.settings.device_id is not None:
            out.cameras.add(card.settings.device_id)
        elif isinstance(card, Model3dCard):
            if card.settings.device_id is not None:
                out.devices.add(card.settings.device_id)
            if card.settings.model.model_id is not None:
                out.models.add(card.settings.model.model_id)
        elif isinstance(card, FaultCard):
            if card.settings.device_id is not None:
                out.devices.add(card.settings.device_id)
            else:
                listing(card.settings.group_id, card.link == "group")
        elif isinstance(card, MapCard):
            listing(card.settings.group_id, card.link == "group")
        elif isinstance(card, DeviceTreeCard):
            listing(card.settings.group_id, False)
        elif isinstance(card, ReportCard) and card.link == "device" and card.settings.report_id is not None:
            out.device_reports.add(card.settings.report_id)
    return out


def model_ids(document: DashboardDocument) -> set[int]:
    """The gallery 3D models the document's model3d cards draw (those in containers' tabs included)."""
    return {
        c.settings.model.model_id
        for c in document.cards_and_tabs()
        if isinstance(c, Model3dCard) and c.settings.model.model_id is not None
    }
