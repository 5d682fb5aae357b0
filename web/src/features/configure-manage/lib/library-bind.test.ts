import { describe, expect, it } from 'vitest';

import type { BindRow } from '../types-library';
import {
  bindPlan,
  boundElsewhere,
  boundHere,
  nameList,
  templateIdParam,
  unbindTargets,
} from './library-bind';

function row(id: number, patch: Partial<BindRow> = {}, vpn = false): BindRow {
  return {
    device: {
      id,
      sn_code: `IOT${id}`,
      alias: id % 2 ? `Dev ${id}` : '',
      dev_state: 1,
      firmware_version: '2.1.0',
      vpn_state: vpn,
      group_name: null,
    },
    bound_template_id: null,
    bound_template_name: null,
    supported: true,
    missing_types: [],
    ...patch,
  };
}

describe('bindPlan', () => {
  it('splits the selection by what the server would do', () => {
    const rows = [
      row(1),
      row(2, { bound_template_id: 7 }),
      row(3, {}, true),
      row(4, { bound_template_id: 9, bound_template_name: 'Other' }),
      row(5, { supported: false, missing_types: ['float64'] }),
    ];
    const plan = bindPlan(rows, 7);
    expect(plan.bind.map((r) => r.device.id)).toEqual([1, 5]);
    expect(plan.already.map((r) => r.device.id)).toEqual([2]);
    expect(plan.vpn.map((r) => r.device.id)).toEqual([3]);
    expect(plan.elsewhere.map((r) => r.device.id)).toEqual([4]);
    expect(plan.unsupported.map((r) => r.device.id)).toEqual([5]);
  });

  it('a VPN device already bound here counts as bound', () => {
    expect(bindPlan([row(1, { bound_template_id: 7 }, true)], 7).already).toHaveLength(1);
  });

  it('unbinds only devices bound to this template', () => {
    const rows = [row(1, { bound_template_id: 7 }), row(2, { bound_template_id: 8 }), row(3)];
    expect(unbindTargets(rows, 7).map((r) => r.device.id)).toEqual([1]);
    expect(boundHere(rows[0]!, 7)).toBe(true);
    expect(boundElsewhere(rows[1]!, 7)).toBe(true);
    expect(boundElsewhere(rows[2]!, 7)).toBe(false);
  });
});

describe('nameList', () => {
  it('names the first few (alias, else SN) and counts the rest', () => {
    const rows = [row(1), row(2), row(3)];
    expect(nameList(rows, ', ', 2)).toEqual({ names: 'Dev 1, IOT2', more: 1 });
    expect(nameList([], ', ')).toEqual({ names: '', more: 0 });
  });
});

describe('templateIdParam', () => {
  it('accepts positive integers only', () => {
    expect(templateIdParam('12')).toBe(12);
    expect(templateIdParam('0')).toBeNull();
    expect(templateIdParam('1e3')).toBeNull();
    expect(templateIdParam(null)).toBeNull();
    expect(templateIdParam('99999999999999999999')).toBeNull();
  });
});
