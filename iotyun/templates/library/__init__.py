"""Sharing, hand-over and the library of templates, and their tile groups (docs/api-templates.md)."""
