"""What the device domain and the domains on it tell the data path, without importing it (telemetry connects while it
runs): a gateway's configuration changed."""

from iotyun.core.hooks import Hook

# The configuration gateway `sn` runs changed: a new publication of its template (its version), or None when only
# who holds the device changed (a registration). Told after the request's commit, from a background task.
config_changed: Hook[[str, int | None], None] = Hook("config_changed")
