"""User groups: a tree per tenant; a secondary administrator runs one group and its sub-groups."""
