"""Share links (SPEC §3 "Share link", issue 16 point 5): a user's anonymous links to a configuration of devices,
carrying the creator's rights narrowed by the link (docs/api-sharing.md)."""
