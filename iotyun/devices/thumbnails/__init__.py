"""Devices: a user's thumbnail groups on the equipment-monitoring overview (SPEC §5: 50 groups of 30)."""
