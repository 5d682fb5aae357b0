"""Dashboards (大屏): groups of dashboards, each a fixed-resolution canvas of widget cards, with who may see, edit and
present them; business sectors that present an ordered set of dashboards; the weather providers of the weather
widget (issue 31, docs/api-dashboards.md)."""
