import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import {
  IMPORT_MAX_BYTES,
  checkImportFile,
  checkShareAccounts,
  generateSecret,
  iccidRules,
  isValidIccid,
  isValidSn,
  isValidVideoUrl,
  SECRET_MAX,
  SECRET_MIN,
} from './rules';
import { snNotice } from './sn-notice';

const t = i18n.getFixedT('zh');

describe('SN (SPEC §5: alphanumeric, under 20)', () => {
  it('accepts 1 to 19 letters or digits', () => {
    for (const sn of ['A', 'GW2024000001', 'a'.repeat(19), '0123456789abcdefXYZ'])
      expect(isValidSn(sn)).toBe(true);
  });
  it('refuses empty, 20 characters, spaces and symbols', () => {
    for (const sn of ['', 'a'.repeat(20), 'GW 01', 'GW-01', 'GW_01', '设备01'])
      expect(isValidSn(sn)).toBe(false);
  });
});

describe('generated secrets', () => {
  it('are alphanumeric and within the server’s 6–32 rule', () => {
    for (let i = 0; i < 20; i += 1) {
      const secret = generateSecret();
      expect(secret).toMatch(/^[A-Za-z0-9]+$/);
      expect(secret.length).toBeGreaterThanOrEqual(SECRET_MIN);
      expect(secret.length).toBeLessThanOrEqual(SECRET_MAX);
    }
    expect(generateSecret()).not.toBe(generateSecret());
  });
});

describe('flow card number (SPEC §5: at least 18 digits, no special characters)', () => {
  it('accepts 18–32 letters/digits holding at least 18 digits', () => {
    expect(isValidIccid('898604123456789012')).toBe(true);
    expect(isValidIccid('89860412345678901234')).toBe(true);
    expect(isValidIccid('89860412345678901F')).toBe(false); // 17 digits
    expect(isValidIccid('8986041234567890123F')).toBe(true);
  });
  it('refuses short, long and special characters', () => {
    expect(isValidIccid('89860412345678901')).toBe(false);
    expect(isValidIccid('8'.repeat(33))).toBe(false);
    expect(isValidIccid('898604-12345678901234')).toBe(false);
  });
  it('form rule answers in the console language', async () => {
    const rule = iccidRules(t)[1] as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, '123')).rejects.toThrow('至少包含 18 位数字');
    await expect(rule.validator({}, '898604123456789012')).resolves.toBeUndefined();
  });
});

describe('video address', () => {
  it('accepts http(s), rtsp, rtmp and ws(s) with a host', () => {
    for (const url of [
      'http://cam.local/live',
      'https://example.com/a.m3u8',
      'rtsp://192.168.1.10:554/stream1',
      'rtmp://live.example.com/app/key',
      'ws://10.0.0.2:8080/flv',
      'wss://video.example.com/s',
    ])
      expect(isValidVideoUrl(url)).toBe(true);
  });
  it('refuses other schemes and garbage', () => {
    for (const url of ['ftp://x.com/a', 'javascript:alert(1)', 'cam.local/live', '', 'http://'])
      expect(isValidVideoUrl(url)).toBe(false);
  });
});

describe('import file check (SPEC §5: xls or csv, max 20 MB)', () => {
  it('accepts xlsx, xls and csv up to 20 MB', () => {
    expect(checkImportFile({ name: 'devices.xlsx', size: 1024 })).toBeNull();
    expect(checkImportFile({ name: 'DEVICES.XLS', size: 1024 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: IMPORT_MAX_BYTES })).toBeNull();
  });
  it('names the problem', () => {
    expect(checkImportFile({ name: 'devices.pdf', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'devices.xlsx.exe', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'a.csv', size: IMPORT_MAX_BYTES + 1 })).toBe('size');
    expect(checkImportFile({ name: 'a.csv', size: 0 })).toBe('empty');
  });
});

describe('share accounts (SPEC §5: ≤10 users, not oneself, no duplicates)', () => {
  const base = { self: ['admin'], existing: ['inspector'], remaining: 3 };
  it('passes new distinct accounts within the remaining count', () => {
    expect(checkShareAccounts(['operator', '13900000000'], base)).toBeNull();
  });
  it('refuses oneself, duplicates (case-insensitive), existing shares and too many', () => {
    expect(checkShareAccounts(['Admin'], base)).toEqual({ problem: 'self', account: 'Admin' });
    expect(checkShareAccounts(['bob', 'BOB'], base)).toEqual({ problem: 'duplicate', account: 'BOB' });
    expect(checkShareAccounts(['inspector'], base)).toEqual({ problem: 'existing', account: 'inspector' });
    expect(checkShareAccounts(['a', 'b', 'c', 'd'], base)).toEqual({ problem: 'max' });
  });
});

describe('SN check notice', () => {
  const check = {
    sn_code: 'GW1',
    valid: true,
    known: false,
    registered_here: false,
    registered_elsewhere: false,
  };
  it('maps the server’s answer to what registering would say', () => {
    expect(snNotice({ ...check, valid: false })).toBeNull();
    expect(snNotice(check)?.key).toBe('device.register.sn.new');
    expect(snNotice({ ...check, known: true })?.key).toBe('device.register.sn.known');
    expect(snNotice({ ...check, known: true, registered_here: true })?.tone).toBe('danger');
    expect(snNotice({ ...check, known: true, registered_elsewhere: true })?.key).toBe(
      'device.register.sn.registeredElsewhere',
    );
  });
});
