"""Live plant data: MQTT ingest and the alarm engine, history, live values over WebSocket, control writes
(DESIGN §1)."""
