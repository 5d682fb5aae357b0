import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '@/lib/query-client';
import { fail, mockApi, ok } from '@/test/mock-api';
import { templateKeys } from '../api/keys';
import type { MiddlewareOut } from '../types';
import { knownTemplateOf, prefetchDesign } from './design-prefetch';

vi.mock('@/designer/editor/editor', () => ({}));

afterEach(() => {
  queryClient.clear();
});

/** A template's overview as the page the designer is opened from has it cached. */
function overview(templateId: number, screenIds: number[]): MiddlewareOut {
  return {
    template: { id: templateId },
    screens: screenIds.map((id) => ({ id })),
  } as unknown as MiddlewareOut;
}

const routes = (templateId: number) => ({
  'GET /yun/module/view/design': () => ok({ id: 22, template_id: templateId, document: {} }),
  'GET /yun/module/view/draft': () => ok(null),
  'GET /yun/module/middleware': () => ok(overview(templateId, [22])),
  'GET /yun/module/dataSource': () => ok({ list: [], total: 0 }),
});

describe("the designer's route asking ahead", () => {
  it('finds the screen in an overview read before', () => {
    queryClient.setQueryData(templateKeys.middleware(5), overview(5, [1, 2]));
    queryClient.setQueryData(templateKeys.middleware(7), overview(7, [22, 23]));
    expect(knownTemplateOf(22)).toBe(7);
    expect(knownTemplateOf(99)).toBe(0);
  });

  it('asks for the data sources of a template it knows without waiting for the design', async () => {
    queryClient.setQueryData(templateKeys.middleware(7), overview(7, [22]));
    // The design never answers with its template: the data sources can only come from the overview read before.
    const calls = mockApi({ ...routes(7), 'GET /yun/module/view/design': () => fail('115201', 'no') });
    prefetchDesign({ idParam: 'id=22' });
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(3);
    expect(new Set(calls.map((c) => c.url))).toEqual(
      new Set(['/yun/module/view/design', '/yun/module/dataSource', '/yun/module/view/draft']),
    );
    expect(calls.find((c) => c.url === '/yun/module/dataSource')?.params).toMatchObject({ template_id: 7 });
    // The overview was cached: not asked again, nor the data sources twice.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.filter((c) => c.url === '/yun/module/middleware')).toHaveLength(0);
    expect(calls.filter((c) => c.url === '/yun/module/dataSource')).toHaveLength(1);
  });

  it("reads the template from the design's answer when no overview names the screen", async () => {
    const calls = mockApi(routes(7));
    prefetchDesign({ idParam: 'id=22' });
    await expect.poll(() => calls.map((c) => c.url)).toContain('/yun/module/dataSource');
    expect(calls.map((c) => c.url)).toContain('/yun/module/middleware');
    expect(calls.find((c) => c.url === '/yun/module/middleware')?.params).toEqual({ id: 7 });
  });

  it('asks nothing for an address without a screen', async () => {
    const calls = mockApi({});
    for (const idParam of ['', 'id=', 'id=abc', 'id=-1', 'id=1.5']) prefetchDesign({ idParam });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(0);
  });
});
