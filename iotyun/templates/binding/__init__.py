"""Binding templates to devices, with each device's firmware compatibility (docs/api-templates.md)."""
