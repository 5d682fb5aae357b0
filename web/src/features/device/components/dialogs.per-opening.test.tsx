// Issue 30 point 1 for the device dialogs: opened on record A, then B, then "new", each shows its own values.
import type { ComponentProps } from 'react';
import { beforeEach, describe, it } from 'vitest';

import { mockApi, ok } from '@/test/mock-api';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { signInAs } from '@/test/session';
import type { DeviceGroupOut } from '../types';
import { GroupFormModal } from './groups/group-form-modal';
import { ThumbnailGroupModal } from './thumbnails/thumbnail-group-modal';

const noop = () => undefined;

beforeEach(() => {
  signInAs(['P10000', 'P20000']);
  mockApi({ 'GET /devices': () => ok({ items: [], total: 0, page: 1, page_size: 20 }) });
});

describe('device dialogs show the record they are opened on', () => {
  it('device groups: A, then B, then a new group', () => {
    const group = (id: number, name: string, notes: string) =>
      ({ id, name, notes }) as unknown as DeviceGroupOut;
    expectEachOpeningShowsItsOwn(
      (g: DeviceGroupOut | null, open) => <GroupFormModal open={open} group={g} onClose={noop} />,
      [group(1, '一号车间', '东区'), group(2, '二号车间', '西区'), null],
      (g) => [g?.name ?? '', g?.notes ?? ''],
    );
  });

  it('thumbnail groups: A, then B, then a new group', () => {
    type Group = NonNullable<ComponentProps<typeof ThumbnailGroupModal>['group']>;
    const group = (id: number, name: string, notes: string) =>
      ({ id, name, notes, items: [] }) as unknown as Group;
    expectEachOpeningShowsItsOwn(
      (g: Group | null, open) => <ThumbnailGroupModal open={open} group={g} onClose={noop} />,
      [group(1, '泵站看板', '白班'), group(2, '冷库看板', '夜班'), null],
      (g) => [g?.name ?? '', g?.notes ?? ''],
    );
  });
});
