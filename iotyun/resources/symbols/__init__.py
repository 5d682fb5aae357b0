"""The tenant symbol library: imported SVG symbols and their marked parts (docs/api-resources.md "Symbols")."""
