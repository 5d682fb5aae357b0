"""Templates: a user's configuration carousel groups, devices whose main web screens the console shows in turn
(SPEC §3, §4, §7; docs/api-carousel.md)."""
