"""Data sources of a template and their groups, with xlsx import and export (docs/api-templates.md)."""
