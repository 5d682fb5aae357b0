"""Resources: the gallery of images for screens (SPEC §3 "Resource type (system and user gallery)"), its
classifications, and the gallery_mb quota."""
