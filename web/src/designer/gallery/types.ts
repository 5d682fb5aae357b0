// The gallery's payloads (docs/api-resources.md), aliased from the generated OpenAPI types.
import type { Schema } from '@/types/schema';

export type ClassifyOut = Schema<'ClassifyOut'>;
export type ImageOut = Schema<'ImageOut'>;
export type ImagePage = Schema<'Page_ImageOut_'>;
export type GalleryUsageOut = Schema<'GalleryUsageOut'>;

/** What an image is for: its use names its size cap (icon 100 KB, image 1 MB, background 2 MB). */
export type ImageUse = 'icon' | 'image' | 'background';

/** The two galleries: the system one everyone reads, and the caller's own. */
export type GalleryKind = 'system' | 'mine';

export interface ImageListParams {
  /** A classification; absent: the whole gallery of `system`. */
  classify_id?: number;
  system: boolean;
  name: string;
  page: number;
  page_size: number;
}
