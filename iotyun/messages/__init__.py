"""In-app messages: each user's inbox (issue 32, docs/api-messages.md)."""
