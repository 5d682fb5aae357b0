"""A tenant's personalization and white label (issue 36 point 1, docs/api-system.md "Personalization and white
label")."""
