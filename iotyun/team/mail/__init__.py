"""A tenant's mail recipients and the delivery core every mail to an address goes through (docs/api-mail.md)."""
