"""Time zones (issue 36 point 3, docs/api-system.md "Time zones"): the zones one may choose, the tenant's default and
each user's own."""
