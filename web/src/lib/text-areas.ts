// Which catalogue areas (locales/<lang>/<area>.json) the shell needs before any page, shared by lib/i18n.ts (what it
// loads first) and vite.config.ts (which bundles them together): /login and the error pages need no other.
export const SHELL_AREAS: readonly string[] = [
  'auth',
  'common',
  'errors',
  'exception',
  'layout',
  'menu',
  'validation',
];

/** The bundle a catalogue file belongs to: `shell`, or `pages` for every other area. */
export function textBundle(area: string): 'shell' | 'pages' {
  return SHELL_AREAS.includes(area) ? 'shell' : 'pages';
}
