// Which catalogue areas (locales/<lang>/<area>.json) go in which text bundle, shared by lib/i18n.ts (what it loads
// when) and vite.config.ts (which bundles them together):
//   shell    before any page: /login and the error pages need no other;
//   console  the console's frame (its alarm banner and bell, the simulation banner, its dialogs) and the home page:
//            what /index shows needs no other;
//   qr       the QR sign-in's texts (auth-qr.json): loaded by the sign-in page's "scan" tab and the /qrLogin page
//            alone (lib/i18n.ts loadQrTexts), so /login's first load carries none of them;
//   pages    every other area, before any other page (the lists' and pickers' common texts: common-lists.json).
//            The server's codes (errors.json, the largest file) are among them: an answer's envelope carries its
//            text in the asked language (meta.detail), the catalogue is what the pages that name a code themselves
//            read (imports' rows, share links, write rules).
// An area may span several files (menu.json and menu-console.json both fill menu.*): the texts a bundle's pages show
// are in its files or an earlier bundle's.
// auth-brand: the login pages' texts of a white-label brand (issue 36).
export const SHELL_AREAS: readonly string[] = [
  'auth',
  'auth-brand',
  'common',
  'exception',
  'menu',
  'validation',
];

export const CONSOLE_AREAS: readonly string[] = [
  // The password and binding dialogs of the user menu.
  'auth-account',
  'home',
  'layout',
  // The user menu's time zone dialog and the zone picker (issue 36 point 3).
  'layout-timezone',
  // The console's pages' titles (menu.json holds those of the pages outside it).
  'menu-console',
  // The bell's messages (their text_key).
  'messages',
  // The simulation banner and the account's cancellation (the user menu).
  'team-account',
  // The alarms' levels and types, and the banner's confirm and shelve dialogs.
  'telemetry-alarm',
];

export const QR_AREAS: readonly string[] = ['auth-qr'];

export type TextBundle = 'shell' | 'console' | 'pages' | 'qr';

/** The bundle a catalogue file belongs to. */
export function textBundle(area: string): TextBundle {
  if (SHELL_AREAS.includes(area)) return 'shell';
  if (QR_AREAS.includes(area)) return 'qr';
  return CONSOLE_AREAS.includes(area) ? 'console' : 'pages';
}
