// Links of the template screens: the legacy `id=` segments of the overview and the designer, binding, devices.
import { keyedSegment } from '@/lib/route-params';

export const TEMPLATE_LIST_PATH = '/configureManage/devTemplate';

export const templateOverviewPath = (templateId: number): string =>
  `/templateMiddleware/${keyedSegment('id', templateId)}`;

export const screenDesignPath = (screenId: number): string =>
  `/designConfigure/${keyedSegment('id', screenId)}`;

export const templateBindPath = (templateId: number): string =>
  `/configureManage/templateBind?template_id=${templateId}`;

export const deviceDetailPath = (deviceId: number): string => `/deviceDetail/${deviceId}`;
