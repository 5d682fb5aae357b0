"""Templates: data sources and screens modelled once, bound to many devices (docs/api-templates.md)."""
