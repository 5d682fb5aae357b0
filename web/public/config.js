// Runtime configuration, replaceable at deploy time without rebuilding the app.
// apiBase: where the REST API lives (default '/api').
window.__IOTYUN_CONFIG__ = window.__IOTYUN_CONFIG__ || {};
