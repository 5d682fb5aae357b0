"""The one device an operator acts on: its gateway VPN and its flow card (operations management)."""
