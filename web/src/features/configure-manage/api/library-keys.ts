// Query keys of the binding, library and tile-group screens. They live under the templates' root key so a change
// here also refreshes the template lists of the other configuration screens (and theirs refresh these).
import type { BindListParams, LibraryParams, LibraryTemplateParams } from '../types-library';

export const TEMPLATES_ROOT = ['templates'] as const;

export const libraryKeys = {
  templates: () => [...TEMPLATES_ROOT, 'list'] as const,
  templateList: (params: LibraryTemplateParams) => [...libraryKeys.templates(), 'library', params] as const,
  binds: () => [...TEMPLATES_ROOT, 'bind'] as const,
  bindList: (params: BindListParams) => [...libraryKeys.binds(), params] as const,
  library: () => [...TEMPLATES_ROOT, 'library'] as const,
  libraryList: (params: LibraryParams) => [...libraryKeys.library(), params] as const,
  shares: (templateId: number) => [...TEMPLATES_ROOT, 'shares', templateId] as const,
  tileGroups: () => [...TEMPLATES_ROOT, 'tile-groups'] as const,
};
