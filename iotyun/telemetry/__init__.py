"""Live plant data: MQTT ingest, history, live values over WebSocket, control writes (DESIGN §1)."""
