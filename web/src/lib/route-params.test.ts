import { describe, expect, it } from 'vitest';

import { keyedParam, keyedSegment } from './route-params';

describe('legacy key=value segments', () => {
  it('reads designConfigure/id=123 and middlewaresDevice/id=1/module=a%20b', () => {
    expect(keyedParam('id=123', 'id')).toBe('123');
    expect(keyedParam('module=a%20b', 'module')).toBe('a b');
    expect(keyedParam('123', 'id')).toBe('123');
    expect(keyedParam('other=1', 'id')).toBeUndefined();
    expect(keyedParam(undefined, 'id')).toBeUndefined();
  });

  it('builds them', () => {
    expect(keyedSegment('id', 12)).toBe('id=12');
  });
});
