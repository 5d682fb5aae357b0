// GET /yun/customPage: the tenant's custom page configuration (name and JSON).
import { get } from '@/lib/http';
import type { CustomPageConfig } from '@/types/session';

export function getCustomPage(): Promise<CustomPageConfig> {
  return get<CustomPageConfig>('/yun/customPage', undefined, { silent: true, skipAuthRedirect: true });
}
