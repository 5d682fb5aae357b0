// Links between the template screens (the middleware overview keeps the legacy `id=` segment).
import { keyedSegment } from '@/lib/route-params';

export function middlewarePath(templateId: number): string {
  return `/templateMiddleware/${keyedSegment('id', templateId)}`;
}

export function bindPath(templateId: number): string {
  return `/configureManage/templateBind?template_id=${templateId}`;
}

export const TEMPLATE_LIST_PATH = '/configureManage/devTemplate';
