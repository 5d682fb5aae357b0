// Which addresses a web page card frames: http(s) only, as the server checks them (dashboards/document.py _web_url),
// so a javascript: or data: address never runs inside the console.
export const IFRAME_URL_MAX = 500;
const WEB_URL = /^https?:\/\/[^\s<>"'`]+$/i;

export function isFramableUrl(value: string): boolean {
  if (!value || value.length > IFRAME_URL_MAX || !WEB_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
