// A gallery URL as a screen document stores it ("/api/yun/resourcesInfo/file/<key>.png", under the API base) turned
// into what an <img> loads, against the console's runtime API base (docs/decisions.md "Gallery URLs").
import { apiBase } from '@/lib/config';

const STORED_BASE = '/api/';

export function resolveImageUrl(url: string): string {
  if (!url.startsWith(STORED_BASE)) return url;
  return `${apiBase().replace(/\/$/, '')}/${url.slice(STORED_BASE.length)}`;
}
