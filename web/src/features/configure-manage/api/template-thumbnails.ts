// GET /yun/module/view/thumbnails: the main screen of each template (web, else a drawn mobile one) with its
// document, for the thumbnails of the template list and the library's tiles. Each thumbnail asks for its own
// template when it comes into view; the asks of one moment go out as one request (at most 50 ids each), so a page of
// 20 templates costs one or two requests. The key sits under the template lists' key, so any change to a template
// (a design saved in the designer included, templateChangeKeys) refetches the thumbnails shown.
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { ScreenThumbnailOut } from '../types-screen';
import { templateKeys } from './keys';

/** The server's most template ids per request (SCREEN_THUMBNAILS_MAX). */
export const THUMBNAILS_PER_REQUEST = 50;
/** How long the asks of thumbnails scrolled into view together wait for each other. */
const GATHER_MS = 20;

export const thumbnailKey = (templateId: number) =>
  [...templateKeys.lists(), 'thumbnail', templateId] as const;

interface Waiting {
  resolve: (found: ScreenThumbnailOut | null) => void;
  reject: (error: unknown) => void;
}

const waiting = new Map<number, Waiting[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function send(ids: number[], asks: Map<number, Waiting[]>): Promise<void> {
  try {
    const found = await get<ScreenThumbnailOut[]>(
      '/yun/module/view/thumbnails',
      { template_ids: ids.join(',') },
      { silent: true },
    );
    const byId = new Map(found.map((t) => [t.template_id, t]));
    for (const id of ids) for (const ask of asks.get(id) ?? []) ask.resolve(byId.get(id) ?? null);
  } catch (error) {
    for (const id of ids) for (const ask of asks.get(id) ?? []) ask.reject(error);
  }
}

function flush(): void {
  timer = null;
  const asks = new Map(waiting);
  waiting.clear();
  const ids = [...asks.keys()];
  for (let i = 0; i < ids.length; i += THUMBNAILS_PER_REQUEST)
    void send(ids.slice(i, i + THUMBNAILS_PER_REQUEST), asks);
}

/** One template's thumbnail screen (null when it has none the caller reads), asked together with the others. */
export function getTemplateThumbnail(templateId: number): Promise<ScreenThumbnailOut | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(templateId) ?? [];
    list.push({ resolve, reject });
    waiting.set(templateId, list);
    timer ??= setTimeout(flush, GATHER_MS);
  });
}

/** The thumbnail of a template, asked only once `enabled` (the thumbnail came into view). */
export function useTemplateThumbnail(templateId: number, enabled: boolean) {
  return useQuery({
    queryKey: thumbnailKey(templateId),
    queryFn: () => getTemplateThumbnail(templateId),
    enabled,
    staleTime: 5 * 60_000,
  });
}
