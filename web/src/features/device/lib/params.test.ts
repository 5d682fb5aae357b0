import { describe, expect, it } from 'vitest';

import { areaCodes, areaValue } from './area';
import { EXPORT_ROW_CAP, exportDecision, exportFileName } from './export';
import { flowUsage, formatMb } from './format';
import { deviceActionLabel, DEVICE_LOG_ACTIONS, humanizeAction } from './log-actions';
import { readListParams, type Paging } from '@/lib/route-params';
import { filtersOf, isFiltered, LIST_PARAMS, sortOrderOf, toQueryParams, toSort } from './params';
import type { DeviceFilters } from '../types';

/** The filters of a page URL's query. */
function fromSearch(query: string) {
  const params: Partial<Paging> & DeviceFilters = readListParams(new URLSearchParams(query), LIST_PARAMS);
  delete params.page;
  delete params.page_size;
  return params;
}
import { i18n } from '@/lib/i18n';

describe('list query parameters', () => {
  it('leave out unset and blank filters and trim the search', () => {
    expect(
      toQueryParams({
        page: 2,
        page_size: 20,
        q: '  pump ',
        model: ' ',
        group_id: undefined,
        dev_state: 1,
        registered: false,
        vpn_state: true,
      }),
    ).toEqual({ page: 2, page_size: 20, q: 'pump', dev_state: 1, registered: false, vpn_state: true });
  });
  it('send order only with a sort field', () => {
    expect(toQueryParams({ order: 'desc' })).toEqual({});
    expect(toQueryParams({ sort: 'report_time', order: 'desc' })).toEqual({
      sort: 'report_time',
      order: 'desc',
    });
  });
  it('keep the filters without paging for an export', () => {
    expect(filtersOf({ page: 3, page_size: 50, q: 'x', group_id: 4 })).toEqual({ q: 'x', group_id: 4 });
  });
  it('know when the list is narrowed', () => {
    expect(isFiltered({ sort: 'sn_code', order: 'asc' })).toBe(false);
    expect(isFiltered({ q: '  ' })).toBe(false);
    expect(isFiltered({ registered: false })).toBe(true);
    expect(isFiltered({ group_id: 1 })).toBe(true);
    expect(isFiltered({ shared: true })).toBe(true);
  });
  it('keep the "Shared with me" entry in the page URL', () => {
    expect(fromSearch('shared=true')).toEqual({ shared: true });
    expect(toQueryParams({ page: 1, page_size: 20, shared: true })).toEqual({
      page: 1,
      page_size: 20,
      shared: true,
    });
  });
});

describe('table sorter ↔ sort/order', () => {
  it('maps sortable columns only', () => {
    expect(toSort('sn_code', 'ascend')).toEqual({ sort: 'sn_code', order: 'asc' });
    expect(toSort('created_at', 'descend')).toEqual({ sort: 'created_at', order: 'desc' });
    expect(toSort('created_at', null)).toEqual({ sort: undefined, order: undefined });
    expect(toSort('address', 'ascend')).toEqual({ sort: undefined, order: undefined });
  });
  it('gives each column its sort order', () => {
    expect(sortOrderOf({ sort: 'alias', order: 'desc' }, 'alias')).toBe('descend');
    expect(sortOrderOf({ sort: 'alias', order: 'asc' }, 'alias')).toBe('ascend');
    expect(sortOrderOf({ sort: 'alias', order: 'asc' }, 'sn_code')).toBeNull();
  });
});

describe('export cap (SPEC §5: first 5000 rows after confirmation)', () => {
  it('decides by the list total', () => {
    expect(EXPORT_ROW_CAP).toBe(5000);
    expect(exportDecision(0)).toBe('empty');
    expect(exportDecision(1)).toBe('export');
    expect(exportDecision(5000)).toBe('export');
    expect(exportDecision(5001)).toBe('confirm-cap');
  });
  it('names the file by time', () => {
    expect(exportFileName(new Date(2026, 10, 21, 9, 5))).toBe('devices-20261121-0905.xlsx');
  });
});

describe('flow usage', () => {
  const card = { total_mb: 100, used_mb: 25, remaining_mb: 75, warning_mb: 10, warning: false };
  it('is a percentage with a level', () => {
    expect(flowUsage(card)).toEqual({ percent: 25, level: 'normal' });
    expect(flowUsage({ ...card, used_mb: 92, remaining_mb: 8 })).toEqual({ percent: 92, level: 'warning' });
    expect(flowUsage({ ...card, warning: true })).toEqual({ percent: 25, level: 'warning' });
    expect(flowUsage({ ...card, used_mb: 120, remaining_mb: 0 })).toEqual({
      percent: 100,
      level: 'exhausted',
    });
    expect(flowUsage({ ...card, total_mb: 0, used_mb: 3, remaining_mb: 0 }).percent).toBe(0);
  });
  it('formats MB', () => {
    expect(formatMb(6)).toBe('6');
    expect(formatMb(1.239)).toBe('1.24');
    expect(formatMb(null)).toBe('-');
  });
});

describe('areas and groups', () => {
  it('map device codes to the cascader and back', () => {
    expect(areaValue({ province_code: '330000', city_code: '330100', area_code: '' })).toEqual([
      '330000',
      '330100',
    ]);
    expect(areaValue({ province_code: '', city_code: '', area_code: '' })).toEqual([]);
    expect(areaCodes(['330000'])).toEqual({ province_code: '330000', city_code: '', area_code: '' });
    expect(areaCodes(undefined)).toEqual({ province_code: '', city_code: '', area_code: '' });
  });
});

describe('device log actions', () => {
  it('are all translated in both languages', () => {
    for (const lang of ['zh', 'en']) {
      const t = i18n.getFixedT(lang);
      for (const action of DEVICE_LOG_ACTIONS)
        expect(deviceActionLabel(t, action)).not.toBe(humanizeAction(action));
    }
  });
  it('fall back to a readable name for unknown actions', () => {
    expect(deviceActionLabel(i18n.getFixedT('en'), 'firmware_upgrade')).toBe('Firmware upgrade');
  });
});

describe('the list URL', () => {
  it('reads the filters the home page links carry', () => {
    expect(fromSearch('dev_state=1')).toEqual({ dev_state: 1 });
    expect(fromSearch('registered=false')).toEqual({ registered: false });
    expect(fromSearch('group_id=7&q=%20pump%20&vpn_state=true&sort=alias&order=asc')).toEqual({
      group_id: 7,
      q: 'pump',
      vpn_state: true,
      sort: 'alias',
      order: 'asc',
    });
  });

  it('ignores values the list does not take', () => {
    expect(fromSearch('dev_state=3&registered=maybe&group_id=-1&q=%20&sort=owner&order=up')).toEqual({});
  });
});
