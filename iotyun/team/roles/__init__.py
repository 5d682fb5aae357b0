"""Roles: built-in and custom roles with their permission codes."""
