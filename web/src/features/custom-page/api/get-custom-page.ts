// GET /yun/customPage: the tenant's menus as the signed-in user sees them (custom_page_json null: none configured).
// The guard loads it before permissions (SPEC §2), silently: a failure is only logged.
import { get } from '@/lib/http';
import type { CustomPageConfig } from '@/types/session';

export function getCustomPage(): Promise<CustomPageConfig> {
  return get<CustomPageConfig>('/yun/customPage', undefined, { silent: true, skipAuthRedirect: true });
}
