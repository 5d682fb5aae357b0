import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import type { ScreenDesignOut } from '../types-screen';
import { isSavedSince, saveScreenDesign, screenDesignQueryOptions } from './screen-design';
import { screenDraftQueryOptions } from './screen-draft';
import { restoreScreenVersion, screenVersionQueryOptions } from './screen-versions';
import { screenKeys } from './screen-keys';

const DESIGN: ScreenDesignOut = {
  id: 5,
  template_id: 7,
  kind: 'web',
  name: '主画面',
  is_main: true,
  sort: 0,
  schema_version: 1,
  updated_at: 0,
  width: 1120,
  height: 630,
  revision: 2,
  saved_at: 0,
  document: { schema_version: 1, elements: [], groups: [] },
};

describe('screen design api', () => {
  it('saves with the revision it was based on, and tells a save refused for another one', async () => {
    const calls = mockApi({
      'PUT /yun/module/view/design': (config) =>
        (bodyOf(config) as { revision: number }).revision === 2
          ? ok({ ...DESIGN, revision: 3 })
          : fail('115020', '该画面已被他人保存过', 'revision'),
    });
    const saved = await saveScreenDesign({ id: 5, revision: 2, document: DESIGN.document });
    expect(saved.revision).toBe(3);
    const refused = await saveScreenDesign({ id: 5, revision: 1, document: DESIGN.document }).catch(
      (e: unknown) => e,
    );
    expect(isSavedSince(refused)).toBe(true);
    expect(isSavedSince(new Error('x'))).toBe(false);
    expect(bodyOf(calls[1]!)).toEqual({ id: 5, revision: 1, document: DESIGN.document });
  });

  it('reads the design and the draft under the screen keys, and restores a version', async () => {
    mockApi({
      'GET /yun/module/view/design': () => ok(DESIGN),
      'GET /yun/module/view/draft': () => ok(null),
      'POST /yun/module/view/version/restore': () => ok({ ...DESIGN, revision: 4 }),
      'GET /yun/module/view/version/design': (config) =>
        ok({ id: (config.params as { id: number }).id, screen_id: 5, document: DESIGN.document }),
    });
    const client = new QueryClient();
    expect(screenDesignQueryOptions(5).queryKey).toEqual(screenKeys.design(5));
    expect((await client.query(screenDesignQueryOptions(5))).revision).toBe(2);
    expect(await client.query(screenDraftQueryOptions(5))).toBeNull();
    const version = await client.query(screenVersionQueryOptions(5, 9));
    expect(version.id).toBe(9);
    expect(screenVersionQueryOptions(5, 9).queryKey).toEqual([...screenKeys.versions(5), 9]);
    expect((await restoreScreenVersion(9)).revision).toBe(4);
    expect(screenDesignQueryOptions(0).enabled).toBe(false);
  });
});
