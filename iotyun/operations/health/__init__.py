"""Full-network monitoring: the platform's health, its samples, server processes and alerts (docs/api-operations.md)."""
