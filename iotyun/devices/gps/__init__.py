"""Devices: positions on the device map and GPS tracks (SPEC §2 /device/devGPS)."""
