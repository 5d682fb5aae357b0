"""Alarms: the real-time and history alarm lists and their confirmation. The engine that raises and recovers alarms
on ingest is part of the data path (iotyun/telemetry/alarm_engine.py)."""
