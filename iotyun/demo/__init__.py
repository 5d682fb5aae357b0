"""The demo: `iotyun seed --demo` (tenant, users, devices, templates, monitoring data), the simulated gateways'
provisioning, and `iotyun serve --demo`'s in-process gateways. It builds on the domains; no domain imports it."""
