// Issue 30 point 1 for the report groups: opened on group A, then B, then "new", each shows its own name.
import { beforeEach, describe, it } from 'vitest';

import { mockApi } from '@/test/mock-api';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { signInAs } from '@/test/session';
import type { ReportGroup } from '../types';
import { GroupFormModal } from './group-form-modal';

beforeEach(() => {
  signInAs(['P10000']);
  mockApi({});
});

describe('GroupFormModal (report groups)', () => {
  it('shows group A, then B, then an empty new group', () => {
    const group = (id: number, name: string) => ({ id, name }) as unknown as ReportGroup;
    expectEachOpeningShowsItsOwn(
      (g: ReportGroup | null, open) => <GroupFormModal open={open} group={g} onClose={() => undefined} />,
      [group(1, '日报'), group(2, '月报'), null],
      (g) => [g?.name ?? ''],
    );
  });
});
