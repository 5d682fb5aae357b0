// A template's publication state as the screens show it: unpublished, published vN, or changed since publish.
import type { TemplateOut, TemplatePermission } from '../types';

export type PublishState = 'unpublished' | 'published' | 'changed';

export function publishState(t: Pick<TemplateOut, 'published' | 'changed_since_publish'>): PublishState {
  if (!t.published) return 'unpublished';
  return t.changed_since_publish ? 'changed' : 'published';
}

export const can = (t: Pick<TemplateOut, 'permissions'>, item: TemplatePermission): boolean =>
  t.permissions.includes(item);

/** What the caller may do with a template (docs/api-templates.md: owner, or the share's items). */
export function templateAbilities(t: Pick<TemplateOut, 'relation' | 'permissions'>) {
  const owner = t.relation === 'owner';
  return {
    edit: owner || can(t, 'design'),
    design: owner || can(t, 'design'),
    publish: owner || can(t, 'publish'),
    copy: owner || can(t, 'copy'),
    bind: owner || can(t, 'bind'),
    delete: owner,
  };
}
