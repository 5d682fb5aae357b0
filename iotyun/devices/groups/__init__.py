"""Devices: device groups (SPEC §3), one flat list per tenant with one default group every device falls back to."""
