"""Team: users, roles, user groups, quotas, simulated login, account cancellation and the user log."""
