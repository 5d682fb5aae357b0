// Shapes of a screen's design, draft and versions (docs/api-templates.md "Screens", "Drafts and versions"): the
// payloads are the server's schemas; the inputs leave out what the server defaults.
import type { Schema } from '@/types/schema';

export type ScreenDesignOut = Schema<'ScreenDesignOut'>;
export type ScreenDocument = Schema<'ScreenDocument'>;
export type ScreenDraftOut = Schema<'DraftOut'>;
export type ScreenVersionOut = Schema<'VersionOut'>;
export type ScreenVersionDesignOut = Schema<'VersionDesignOut'>;
/** GET /yun/module/view/thumbnails: a template's main screen (web, else a drawn mobile one) with its document. */
export type ScreenThumbnailOut = Schema<'ScreenThumbnailOut'>;

/** PUT /yun/module/view/design: `revision` is the one the editor loaded; `overwrite` replaces a save made since. */
export interface ScreenDesignInput {
  id: number;
  revision: number;
  document: ScreenDocument;
  overwrite?: boolean;
}

/** PUT /yun/module/view/draft: any JSON object of at most 2 MB (the designer's unsaved work, not yet checked). */
export interface ScreenDraftInput {
  id: number;
  revision: number;
  document: Record<string, unknown>;
}
