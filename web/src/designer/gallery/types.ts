// The gallery's payloads (docs/api-resources.md), aliased from the generated OpenAPI types.
import type { Schema } from '@/types/schema';

export type ClassifyOut = Schema<'ClassifyOut'>;
export type ImageOut = Schema<'ImageOut'>;
export type ImagePage = Schema<'Page_ImageOut_'>;
export type GalleryUsageOut = Schema<'GalleryUsageOut'>;
export type ModelOut = Schema<'ModelOut'>;
export type ModelPage = Schema<'Page_ModelOut_'>;

/** What an image is for: its use names its size cap (icon 100 KB, image 1 MB, background 2 MB). */
export type ImageUse = 'icon' | 'image' | 'background';

/** The picker's tabs: the system gallery everyone reads, the caller's own, and the caller's 3D models. */
export type GalleryKind = 'system' | 'mine' | 'models';

export interface ImageListParams {
  /** A classification; absent: the whole gallery of `system`. */
  classify_id?: number;
  system: boolean;
  name: string;
  page: number;
  page_size: number;
}

export interface ModelListParams {
  /** One of the caller's classifications; absent: all their models. */
  classify_id?: number;
  name: string;
  page: number;
  page_size: number;
}
