import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { cellOf } from '@/components/table/data-table';
import { fakeIntersection } from '@/test/intersection';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { templateChangeKeys } from '../api/keys';
import { useTemplateColumns } from '../pages/dev-template-columns';
import type { TemplateOut } from '../types';
import { TemplateTile } from './library/template-tile';
import { ScreenList } from './screen-list';
import { TemplateThumbnail } from './template-thumbnail';

const io = fakeIntersection();

const drawn = (id: string) => ({
  schema_version: 1,
  canvas: { width: 800, height: 450 },
  elements: [{ id, type: 'rect', placement: { x: 10, y: 10, w: 100, h: 50 } }],
});

const thumb = (templateId: number, document: object, kind = 'web') => ({
  template_id: templateId,
  screen_id: templateId * 10,
  kind,
  name: '主画面',
  width: 1120,
  height: 630,
  document,
});

const THUMBNAILS = 'GET /yun/module/view/thumbnails';

const template = (id: number, name: string) =>
  ({
    id,
    name,
    description: '',
    published: false,
    type: 'standard',
    bound_count: 0,
  }) as unknown as TemplateOut;

function NameCells({ templates }: { templates: TemplateOut[] }) {
  const [nameColumn] = useTemplateColumns({
    relation: 'own',
    onEdit: () => undefined,
    onCopy: () => undefined,
  });
  return (
    <ul>
      {templates.map((tpl, i) => (
        <li key={tpl.id}>{nameColumn && cellOf(nameColumn, tpl, i)}</li>
      ))}
    </ul>
  );
}

describe('thumbnails on the configuration pages', () => {
  beforeEach(() => io.install());
  afterEach(() => io.restore());

  it('asks nothing before the thumbnails are seen, then one request for all the templates in view', async () => {
    const calls = mockApi({
      [THUMBNAILS]: () => ok([thumb(1, drawn('a')), thumb(2, { schema_version: 1, elements: [] })]),
    });
    const { client } = renderRoutes([
      {
        path: '/',
        element: (
          <NameCells templates={[template(1, '水泵站'), template(2, '空模板'), template(3, '别人的')]} />
        ),
      },
    ]);
    expect(screen.getByRole('link', { name: '水泵站' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    io.showAll();
    const pump = screen.getByRole('img', { name: '水泵站 的缩略图' });
    await waitFor(() => expect(pump.querySelector('[data-element-id="a"]')).not.toBeNull());
    expect(
      within(screen.getByRole('img', { name: '空模板 的缩略图' })).getByText('空画面'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('img', { name: '别人的 的缩略图' })).getByText('暂无画面'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ template_ids: '1,2,3' });
    // A design saved in the designer invalidates templateChangeKeys: the thumbnails shown are asked again, together.
    for (const queryKey of templateChangeKeys) void client.invalidateQueries({ queryKey });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.params).toEqual({ template_ids: '1,2,3' });
  });

  it('a failed request shows "no screen" rather than a skeleton for ever', async () => {
    mockApi({});
    renderRoutes([{ path: '/', element: <TemplateThumbnail templateId={9} name="坏的" /> }]);
    io.showAll();
    const box = screen.getByRole('img', { name: '坏的 的缩略图' });
    expect(await within(box).findByText('暂无画面')).toBeInTheDocument();
  });

  it("draws a library tile's main screen (a drawn mobile one when the web one is empty)", async () => {
    mockApi({ [THUMBNAILS]: () => ok([thumb(4, drawn('m'), 'mobile')]) });
    const tpl = {
      ...template(4, '手机模板'),
      web_screens: 1,
      mobile_screens: 1,
      data_source_count: 0,
      updated_at: 0,
    };
    renderRoutes([
      { path: '/', element: <TemplateTile template={tpl} selected={false} onToggle={() => undefined} /> },
    ]);
    io.showAll();
    const tile = screen.getByTestId('template-tile-4');
    const box = within(tile).getByRole('img', { name: '手机模板 的缩略图' });
    await waitFor(() => expect(box.querySelector('[data-element-id="m"]')).not.toBeNull());
  });

  it("draws each screen of a template's screen list from its design", async () => {
    const screenRow = {
      id: 5,
      template_id: 7,
      kind: 'web',
      name: '泵房',
      is_main: true,
      sort: 0,
      revision: 2,
    };
    const calls = mockApi({
      'GET /yun/module/view/design': (config) =>
        ok({ ...screenRow, width: 1120, height: 630, document: drawn(`el-${String(config.params.id)}`) }),
    });
    const template7 = { id: 7, width: 1120, height: 630, mobile_width: 750, mobile_height: 1334 };
    renderRoutes([
      {
        path: '/',
        element: (
          <ScreenList
            template={template7}
            kind="web"
            screens={[
              { ...screenRow, width: 1120, height: 630, schema_version: 1, updated_at: 0, saved_at: 0 },
            ]}
            canDesign={false}
          />
        ),
      },
    ]);
    expect(calls).toHaveLength(0);
    io.showAll();
    const box = screen.getByRole('img', { name: '泵房 的缩略图' });
    await waitFor(() => expect(box.querySelector('[data-element-id="el-5"]')).not.toBeNull());
    expect(calls).toHaveLength(1);
  });
});
