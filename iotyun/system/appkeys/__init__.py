"""App keys of the open API (issue 36 point 4, docs/api-system.md "Open API")."""
