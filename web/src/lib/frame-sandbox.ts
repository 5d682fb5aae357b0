// The sandbox of a page another site serves inside the console (a custom menu's framed page, a screen's web page
// element): its scripts, forms and pop-ups run, never at the top of the console's tab. A page of another host keeps
// its own origin (its own cookies and storage work); a page of the console's own host, whatever its port or scheme,
// runs as an opaque origin: cookies belong to a host, not to an origin, so a page on another port of the same host
// would otherwise read the console's session cookies (web/e2e/custom-menus.spec.ts proves both).
const BASE = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

export function frameSandbox(url: URL, origin: string): string {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return BASE;
  }
  return url.hostname === host ? BASE : `${BASE} allow-same-origin`;
}
