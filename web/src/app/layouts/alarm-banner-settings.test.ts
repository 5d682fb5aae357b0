import { describe, expect, it } from 'vitest';

import {
  bannerSettingsKey,
  DEFAULT_BANNER_SETTINGS,
  parseBannerSettings,
  readBannerSettings,
  writeBannerSettings,
} from './alarm-banner-settings';

describe('alarm banner settings', () => {
  it('default to every level without sound', () => {
    expect(DEFAULT_BANNER_SETTINGS).toEqual({ level: 5, sound: false });
    expect(parseBannerSettings(null)).toEqual({ level: 5, sound: false });
  });

  it('read what they can of a stored value, field by field', () => {
    expect(parseBannerSettings('{"level":0,"sound":true}')).toEqual({ level: 0, sound: true });
    expect(parseBannerSettings('{"level":9,"sound":true}')).toEqual({ level: 5, sound: true });
    expect(parseBannerSettings('{"level":2,"sound":"yes"}')).toEqual({ level: 2, sound: false });
    expect(parseBannerSettings('not json')).toEqual({ level: 5, sound: false });
    expect(parseBannerSettings('[1]')).toEqual({ level: 5, sound: false });
  });

  it('are kept per user in this browser', () => {
    window.localStorage.clear();
    writeBannerSettings('3', { level: 1, sound: true });
    expect(window.localStorage.getItem(bannerSettingsKey('3'))).toBe('{"level":1,"sound":true}');
    expect(bannerSettingsKey('3')).toContain('3');
    expect(readBannerSettings('3')).toEqual({ level: 1, sound: true });
    expect(readBannerSettings('4')).toEqual({ level: 5, sound: false });
  });
});
