// A template's publication state as the screens show it: unpublished, published vN, or changed since publish.
import type { TemplateOut, TemplatePermission } from '../types';

export type PublishState = 'unpublished' | 'published' | 'changed';

export function publishState(t: Pick<TemplateOut, 'published' | 'changed_since_publish'>): PublishState {
  if (!t.published) return 'unpublished';
  return t.changed_since_publish ? 'changed' : 'published';
}

export const can = (t: Pick<TemplateOut, 'permissions'>, item: TemplatePermission): boolean =>
  t.permissions.includes(item);

/** What the caller may do with a template (docs/api-templates.md): the server's `permissions`, which are the
 * relation's items (the owner's all, a share's its own) that the caller's role holds too; deleting is the owner's
 * (the server asks the role's `delete` item too). */
export function templateAbilities(t: Pick<TemplateOut, 'relation' | 'permissions'>) {
  return {
    edit: can(t, 'design'),
    design: can(t, 'design'),
    publish: can(t, 'publish'),
    copy: can(t, 'copy'),
    bind: can(t, 'bind'),
    delete: t.relation === 'owner',
  };
}
