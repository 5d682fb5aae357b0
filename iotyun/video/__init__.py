"""Video cloud accounts (issue 38): a tenant's third-party video cloud account, its token kept and renewed by the
server, the cameras and live addresses it gives, and a template's camera slots (docs/api-video.md)."""
