// Which catalogue areas (locales/<lang>/<area>.json) go in which text bundle, shared by lib/i18n.ts (what it loads
// when) and vite.config.ts (which bundles them together):
//   shell    before any page: /login and the error pages need no other;
//   console  the console's frame (its alarm banner and bell, the simulation banner, its dialogs) and the home page:
//            what /index shows needs no other;
//   pages    every other area, before any other page (the lists' and pickers' common texts: common-lists.json).
//            The server's codes (errors.json, the largest file) are among them: an answer's envelope carries its
//            text in the asked language (meta.detail), the catalogue is what the pages that name a code themselves
//            read (imports' rows, share links, write rules).
// An area may span several files (menu.json and menu-console.json both fill menu.*): the texts a bundle's pages show
// are in its files or an earlier bundle's.
export const SHELL_AREAS: readonly string[] = ['auth', 'common', 'exception', 'menu', 'validation'];

export const CONSOLE_AREAS: readonly string[] = [
  // The password and binding dialogs of the user menu.
  'auth-account',
  'home',
  'layout',
  // The console's pages' titles (menu.json holds those of the pages outside it).
  'menu-console',
  // The bell's messages (their text_key).
  'messages',
  // The simulation banner and the account's cancellation (the user menu).
  'team-account',
  // The alarms' levels and types, and the banner's confirm and shelve dialogs.
  'telemetry-alarm',
];

export type TextBundle = 'shell' | 'console' | 'pages';

/** The bundle a catalogue file belongs to. */
export function textBundle(area: string): TextBundle {
  if (SHELL_AREAS.includes(area)) return 'shell';
  return CONSOLE_AREAS.includes(area) ? 'console' : 'pages';
}
