"""Operations management: the platform's operators, above every tenant (issue 35, DESIGN §9, docs/api-operations.md)."""
