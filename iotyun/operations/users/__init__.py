"""Tenants and their users as the operator acts on them: permissions and quotas (operations management)."""
