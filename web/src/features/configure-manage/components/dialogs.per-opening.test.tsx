// Issue 30 point 1 for the template dialogs: opened on record A, then B, then "new", each shows its own values.
import { beforeEach, describe, it } from 'vitest';

import { mockApi } from '@/test/mock-api';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { signInAs } from '@/test/session';
import type { ScreenOut, TemplateOut } from '../types';
import type { DataSourceGroupOut } from '../types-data-source';
import type { TileGroup } from '../types-library';
import { GroupFormModal as DataSourceGroupModal } from './data-sources/group-form-modal';
import { TileGroupFormModal } from './library/tile-group-form-modal';
import { ScreenFormModal } from './screen-form-modal';
import { TemplateFormModal } from './template-form-modal';

const noop = () => undefined;

beforeEach(() => {
  signInAs(['P10000', 'P40000']);
  mockApi({});
});

describe('template dialogs show the record they are opened on', () => {
  it('templates: A, then B, then a new template', () => {
    const template = (id: number, name: string, description: string) =>
      ({
        id,
        name,
        description,
        type: 'standard',
        soft_type: '',
        data_version: 1,
        width: 1120,
        height: 630,
        mobile_width: 375,
        mobile_height: 667,
      }) as unknown as TemplateOut;
    expectEachOpeningShowsItsOwn(
      (tpl: TemplateOut | null, open) => <TemplateFormModal open={open} template={tpl} onClose={noop} />,
      [template(1, '锅炉房', '燃气锅炉'), template(2, '冷库', '速冻间'), null],
      (tpl) => [tpl?.name ?? ''],
    );
  });

  it('screens: edit A, then B, then a new screen', () => {
    const screen = (id: number, name: string) =>
      ({ id, name, kind: 'web', width: 1120, height: 630 }) as unknown as ScreenOut;
    expectEachOpeningShowsItsOwn(
      (s: ScreenOut | null, open) => (
        <ScreenFormModal
          open={open}
          mode={s ? 'edit' : 'add'}
          templateId={7}
          kind="web"
          screen={s}
          templateSize={{ width: 1120, height: 630 }}
          onClose={noop}
        />
      ),
      [screen(1, '总览'), screen(2, '泵房'), null],
      (s) => [s?.name ?? ''],
    );
  });

  it('tile groups (the one-name dialog): A, then B, then a new group', () => {
    const tile = (id: number, name: string) => ({ id, name }) as unknown as TileGroup;
    expectEachOpeningShowsItsOwn(
      (g: TileGroup | null, open) => <TileGroupFormModal open={open} group={g} groups={[]} onClose={noop} />,
      [tile(1, '水处理'), tile(2, '暖通'), null],
      (g) => [g?.name ?? ''],
    );
  });

  it('data source groups: A, then B, then a new group', () => {
    const group = (id: number, name: string) => ({ id, name }) as unknown as DataSourceGroupOut;
    expectEachOpeningShowsItsOwn(
      (g: DataSourceGroupOut | null, open) => (
        <DataSourceGroupModal templateId={7} open={open} group={g} onClose={noop} />
      ),
      [group(1, '温度'), group(2, '压力'), null],
      (g) => [g?.name ?? ''],
    );
  });
});
