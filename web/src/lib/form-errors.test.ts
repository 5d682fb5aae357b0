import { describe, expect, it, vi } from 'vitest';

import { applyNestedServerError, fieldPath } from './form-errors';
import { ApiError } from './http';

function formOf(names: (string | number)[][]) {
  return {
    setFields: vi.fn(),
    getFieldsError: () => names.map((name) => ({ name, errors: [], warnings: [] })),
  };
}

const refusal = (field: string | null) => new ApiError({ code: '117868', detail: '动作无效', field });

describe('a server error on a nested form field', () => {
  it('reads a dotted field as a name path', () => {
    expect(fieldPath('actions.2.source_id')).toEqual(['actions', 2, 'source_id']);
    expect(fieldPath('trigger.*')).toEqual(['trigger']);
  });

  it('lands on the field of that path', () => {
    const form = formOf([['name'], ['actions', 2, 'source_id'], ['trigger', 'hold_s']]);
    expect(applyNestedServerError(form, refusal('actions.2.source_id'))).toEqual({
      path: ['actions', 2, 'source_id'],
      text: null,
    });
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['actions', 2, 'source_id'], errors: ['动作无效'] },
    ]);
  });

  it('lands on the first field under a path the form has no field of', () => {
    const form = formOf([
      ['trigger', 'kind'],
      ['trigger', 'schedule', 'time'],
      ['trigger', 'schedule', 'weekdays'],
    ]);
    expect(applyNestedServerError(form, refusal('trigger.schedule')).path).toEqual([
      'trigger',
      'schedule',
      'time',
    ]);
  });

  it('hands back the text of an error naming no field of the form', () => {
    const form = formOf([['name']]);
    expect(applyNestedServerError(form, refusal('scope_id'))).toEqual({ path: null, text: '动作无效' });
    expect(applyNestedServerError(form, refusal(null))).toEqual({ path: null, text: '动作无效' });
    expect(form.setFields).not.toHaveBeenCalled();
  });
});
