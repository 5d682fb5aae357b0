"""Monitoring tables of a template (SPEC's "middlewares", issue 35; docs/api-templates.md "Monitoring tables")."""
