"""Reports: users' chart definitions over history, alarms, devices and users, and their statistics (SPEC §3, §5;
docs/api-reports.md)."""
