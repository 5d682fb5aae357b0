"""Automations (issue 37, docs/api-automations.md): rules that watch the plant and act on it, their forward
targets, the firings' outbox, the rules' traces and dry runs."""
