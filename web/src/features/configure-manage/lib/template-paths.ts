// Links of the template screens: the legacy `id=` segments of the overview and the designer, binding, devices.
import { keyedSegment } from '@/lib/route-params';

export const TEMPLATE_LIST_PATH = '/configureManage/devTemplate';

export const templateOverviewPath = (templateId: number): string =>
  `/templateMiddleware/${keyedSegment('id', templateId)}`;

/** The template's screens tab: where the designer's "back" returns (issue 30 point 7). */
export const templateScreensPath = (templateId: number): string =>
  `${templateOverviewPath(templateId)}?tab=screens`;

export const screenDesignPath = (screenId: number): string =>
  `/designConfigure/${keyedSegment('id', screenId)}`;

export const templateBindPath = (templateId: number): string =>
  `/configureManage/templateBind?template_id=${templateId}`;

export const deviceDetailPath = (deviceId: number): string => `/deviceDetail/${deviceId}`;
