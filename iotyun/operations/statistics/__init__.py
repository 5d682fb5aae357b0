"""Device statistics across tenants (operations management)."""
