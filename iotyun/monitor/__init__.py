"""The monitor area (/monitor, issue 35): the monitoring tables of templates shown live, one row per device the viewer
reads (docs/api-monitor.md)."""
