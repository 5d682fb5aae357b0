// The traffic screens' display helpers: MB and the usage level of a flow card.
import { describe, expect, it } from 'vitest';

import type { FlowCardRow } from '../flow-types';
import { formatMb, usageOf } from './flow-format';

const card: FlowCardRow = {
  device_id: 7,
  sn: 'IOT7',
  name: 'Pump 7',
  group_id: 1,
  group_name: 'North',
  iccid: '898600000000000000',
  package_name: '1 GB',
  total_mb: 1024,
  used_mb: 900,
  remaining_mb: 124,
  warning_mb: 200,
  warning: true,
  status: 'normal',
  expiry_date: '2027-01-01',
};

describe('format', () => {
  it('reads MB', () => {
    expect(formatMb(12.345)).toBe('12.35 MB');
    expect(formatMb(null)).toBe('-');
  });

  it('colours usage against the warning value', () => {
    expect(usageOf(card)).toEqual({ percent: 87.9, level: 'warning' });
    expect(usageOf({ ...card, used_mb: 100, remaining_mb: 924, warning: false })).toMatchObject({
      level: 'normal',
    });
    expect(usageOf({ ...card, used_mb: 1024, remaining_mb: 0 })).toMatchObject({
      level: 'exhausted',
      percent: 100,
    });
  });
});
