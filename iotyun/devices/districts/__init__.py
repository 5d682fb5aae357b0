"""Devices: China's administrative divisions (GB/T 2260), bundled so address pickers work without internet."""
