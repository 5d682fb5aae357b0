import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { homePageChoices } from './home-pages';
import { admin2GroupRules, isValidQuota, isValidRoleName, toQuotaBody } from './rules';
import { sortOrderOf, toSortParam } from './sort';

const t = i18n.getFixedT('zh');

describe('role name rule (SPEC §5: no special characters or spaces)', () => {
  it('accepts letters of any script, digits and _ (as the server does)', () => {
    for (const name of ['operators', '运维人员', 'line_2']) expect(isValidRoleName(name)).toBe(true);
  });
  it('refuses spaces, special characters, empty and too long names', () => {
    for (const name of ['ops team', 'ops!', 'a/b', 'qa-team', '', ' ', 'x'.repeat(33)])
      expect(isValidRoleName(name)).toBe(false);
  });
});

describe('secondary administrator needs a group (SPEC §5)', () => {
  const validate = async (isAdmin2: boolean, group: number | null) => {
    const [ruleFactory] = admin2GroupRules(t);
    const rule = (ruleFactory as (form: { getFieldValue: (n: string) => unknown }) => FormRule)({
      getFieldValue: (n) => (n === 'is_admin2' ? isAdmin2 : undefined),
    }) as { validator: (r: unknown, v: unknown) => Promise<void> };
    return rule.validator({}, group);
  };
  it('refuses no group for a secondary administrator', async () => {
    await expect(validate(true, null)).rejects.toThrow('二级管理员必须选择一个分组');
  });
  it('accepts a group, or no group for an ordinary user', async () => {
    await expect(validate(true, 3)).resolves.toBeUndefined();
    await expect(validate(false, null)).resolves.toBeUndefined();
  });
});

describe('quotas', () => {
  it('are empty (unlimited) or whole numbers from 0', () => {
    expect(isValidQuota(null)).toBe(true);
    expect(isValidQuota(undefined)).toBe(true);
    expect(isValidQuota(0)).toBe(true);
    expect(isValidQuota(200)).toBe(true);
    expect(isValidQuota(-1)).toBe(false);
    expect(isValidQuota(1.5)).toBe(false);
    expect(isValidQuota(100, 100)).toBe(true);
    expect(isValidQuota(101, 100)).toBe(false);
  });
  it('send empty fields as null', () => {
    expect(toQuotaBody(['a', 'b', 'c'] as const, { a: 5, b: null })).toEqual({ a: 5, b: null, c: null });
  });
});

describe('home page choices', () => {
  it('are the role’s codes that have a default page, in table order', () => {
    expect(homePageChoices(['P00000', 'P53000', 'P30000', 'P31000', 'P10000'])).toEqual([
      'P10000',
      'P31000',
      'P53000',
    ]);
  });
});

describe('user list sort parameter', () => {
  it('maps the table sorter to field / -field', () => {
    expect(toSortParam('create_time', 'ascend')).toBe('create_time');
    expect(toSortParam('last_login_time', 'descend')).toBe('-last_login_time');
    expect(toSortParam('user_name', null)).toBeUndefined();
    expect(toSortParam('email', 'ascend')).toBeUndefined();
    expect(sortOrderOf('-user_name', 'user_name')).toBe('descend');
    expect(sortOrderOf('user_name', 'user_name')).toBe('ascend');
    expect(sortOrderOf('user_name', 'create_time')).toBeNull();
  });
});
