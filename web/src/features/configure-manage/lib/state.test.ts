import { describe, expect, it } from 'vitest';

import { publishState, templateAbilities } from './state';

describe('publishState', () => {
  it('is unpublished whatever the version says', () => {
    expect(publishState({ published: false, changed_since_publish: false })).toBe('unpublished');
    expect(publishState({ published: false, changed_since_publish: true })).toBe('unpublished');
  });

  it('tells published from changed since publish', () => {
    expect(publishState({ published: true, changed_since_publish: false })).toBe('published');
    expect(publishState({ published: true, changed_since_publish: true })).toBe('changed');
  });
});

describe('templateAbilities', () => {
  it('gives the owner every item the server answers', () => {
    const all = ['view', 'copy', 'bind', 'design', 'data_source', 'publish', 'export'];
    expect(templateAbilities({ relation: 'owner', permissions: all })).toEqual({
      edit: true,
      design: true,
      publish: true,
      copy: true,
      bind: true,
      delete: true,
    });
  });

  it("gives an owner whose role lacks items only what the server answers (the role's items)", () => {
    expect(templateAbilities({ relation: 'owner', permissions: ['view', 'bind'] })).toEqual({
      edit: false,
      design: false,
      publish: false,
      copy: false,
      bind: true,
      delete: true,
    });
  });

  it('gives a receiver the share items and never delete', () => {
    expect(templateAbilities({ relation: 'share', permissions: ['view', 'copy'] })).toEqual({
      edit: false,
      design: false,
      publish: false,
      copy: true,
      bind: false,
      delete: false,
    });
    expect(
      templateAbilities({ relation: 'share', permissions: ['view', 'design', 'publish'] }),
    ).toMatchObject({
      edit: true,
      publish: true,
      delete: false,
    });
  });
});
