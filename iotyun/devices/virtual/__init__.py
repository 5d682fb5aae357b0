"""Devices: virtual devices (SPEC §3), what users monitor: bound to one real device (1.0) or several (2.0)."""
