import { describe, expect, it } from 'vitest';

import {
  CLUSTER_THRESHOLD,
  deviceStateKey,
  hasPosition,
  shouldCluster,
  stateColor,
  STATE_COLORS,
} from './markers';
import { MAP_THEMES, isMapTheme, mapThemeStyle } from './themes';

describe('map themes', () => {
  it('knows the twelve SPEC §9 themes', () => {
    expect(MAP_THEMES).toHaveLength(12);
    expect(MAP_THEMES).toContain('redalert');
    expect(isMapTheme('midnight')).toBe(true);
    expect(isMapTheme('neon')).toBe(false);
  });

  it('keeps normal tiles untouched and filters the others', () => {
    expect(mapThemeStyle('normal').tileFilter).toBe('none');
    for (const theme of MAP_THEMES.filter((x) => x !== 'normal')) {
      expect(mapThemeStyle(theme).tileFilter, theme).not.toBe('none');
    }
    expect(mapThemeStyle('grayscale').tileFilter).toBe('grayscale(1)');
  });

  it('marks dark themes', () => {
    expect(mapThemeStyle('dark').dark).toBe(true);
    expect(mapThemeStyle('midnight').dark).toBe(true);
    expect(mapThemeStyle('light').dark).toBe(false);
  });

  it('falls back to normal for unknown or missing themes', () => {
    expect(mapThemeStyle('nope')).toEqual(mapThemeStyle('normal'));
    expect(mapThemeStyle(null)).toEqual(mapThemeStyle('normal'));
  });

  it('gives every theme distinct base-map colours', () => {
    const lands = new Set(MAP_THEMES.map((x) => mapThemeStyle(x).land));
    expect(lands.size).toBe(MAP_THEMES.length);
  });
});

describe('markers', () => {
  it('maps device states to colours', () => {
    expect(deviceStateKey(1)).toBe('online');
    expect(deviceStateKey(2)).toBe('offline');
    expect(deviceStateKey(null)).toBe('unregistered');
    expect(deviceStateKey(1, false)).toBe('unregistered');
    expect(stateColor(1)).toBe(STATE_COLORS.online);
  });

  it('clusters as soon as two markers could stack', () => {
    expect(CLUSTER_THRESHOLD).toBe(1);
    expect(shouldCluster(0)).toBe(false);
    expect(shouldCluster(1)).toBe(false);
    expect(shouldCluster(2)).toBe(true);
    expect(shouldCluster(5, 4)).toBe(true);
  });

  it('accepts only real positions', () => {
    expect(hasPosition({ latitude: 31.2, longitude: 121.5 })).toBe(true);
    expect(hasPosition({ latitude: null, longitude: 121.5 })).toBe(false);
    expect(hasPosition({ latitude: 0, longitude: 0 })).toBe(false);
    expect(hasPosition({ latitude: 91, longitude: 0 })).toBe(false);
    expect(hasPosition({ latitude: Number.NaN, longitude: 1 })).toBe(false);
  });
});
