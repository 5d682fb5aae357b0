"""Devices: gateways, registrations, groups, sharing, virtual devices, map and the device log."""
