"""The tenant's custom pages and menus (SPEC §1, §2 /customPage, §5, §7 /yun/customPage; docs/api-system.md)."""
