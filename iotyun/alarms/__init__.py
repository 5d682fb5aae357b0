"""Alarms: fault conditions evaluated on ingest, real-time and history alarm lists, confirmation."""
