// Query keys of the template screens: mutations invalidate the lists and overviews they change.
import type { TemplateListParams } from '../types';

export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (params: TemplateListParams) => [...templateKeys.lists(), params] as const,
  middlewares: () => [...templateKeys.all, 'middleware'] as const,
  middleware: (id: number) => [...templateKeys.middlewares(), id] as const,
};

/** What any change to a template (its fields, screens, publication) may touch. */
export const templateChangeKeys = [templateKeys.lists(), templateKeys.middlewares()];
