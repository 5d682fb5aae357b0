// Runtime configuration (public/config.js sets window.__IOTYUN_CONFIG__) and build-time constants.

export interface RuntimeConfig {
  /** Base address of the REST API; '/api' when unset. */
  apiBase?: string;
}

declare global {
  interface Window {
    __IOTYUN_CONFIG__?: RuntimeConfig;
  }
}

/** Router basename; Vite's `base` is the same path with a trailing slash. */
export const APP_BASENAME = '/iotyun';

export function apiBase(): string {
  return window.__IOTYUN_CONFIG__?.apiBase ?? '/api';
}
