// The alarm banner's settings (app/layouts/alarm-banner.tsx): the least urgent level it shows, or off, and whether
// a new alarm beeps. Kept per user **in this browser** (localStorage, under a key holding the user id): another
// browser or computer starts from the defaults, and clearing the site's data forgets them. The server stores none
// of it. Another tab of the same browser follows a change at once (the `storage` event).
import { useCallback, useSyncExternalStore } from 'react';

import { useSession } from '@/lib/session';

/** The least urgent level the banner shows (alarms of level 1…this one; 1 is the most urgent), 0: off. */
export type BannerLevel = 0 | 1 | 2 | 3 | 4 | 5;

export interface AlarmBannerSettings {
  level: BannerLevel;
  /** A short beep (Web Audio) when a new alarm shows. */
  sound: boolean;
}

/** Every level, without sound: an operator sees everything until choosing less, and nothing plays by surprise. */
export const DEFAULT_BANNER_SETTINGS: Readonly<AlarmBannerSettings> = Object.freeze({
  level: 5,
  sound: false,
});

/** The levels to choose from, every level first, off last. */
export const BANNER_LEVELS: readonly BannerLevel[] = [5, 4, 3, 2, 1, 0];

const KEY_PREFIX = 'iotyun.alarmBanner.';

export function bannerSettingsKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

const isLevel = (v: unknown): v is BannerLevel =>
  typeof v === 'number' && BANNER_LEVELS.includes(v as BannerLevel);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be refused (a privacy mode): the defaults then, and nothing kept.
    return null;
  }
}

/** The stored text → settings; anything unreadable falls back to the defaults field by field. */
export function parseBannerSettings(raw: string | null): AlarmBannerSettings {
  if (!raw) return { ...DEFAULT_BANNER_SETTINGS };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return { ...DEFAULT_BANNER_SETTINGS };
    const { level, sound } = value as Partial<Record<keyof AlarmBannerSettings, unknown>>;
    return {
      level: isLevel(level) ? level : DEFAULT_BANNER_SETTINGS.level,
      sound: typeof sound === 'boolean' ? sound : DEFAULT_BANNER_SETTINGS.sound,
    };
  } catch {
    return { ...DEFAULT_BANNER_SETTINGS };
  }
}

const listeners = new Set<() => void>();

/** Settings that could not be stored, by user (until the page reloads). */
const memory = new Map<string, AlarmBannerSettings>();

export function readBannerSettings(userId: string): AlarmBannerSettings {
  return memory.get(userId) ?? parseBannerSettings(storage()?.getItem(bannerSettingsKey(userId)) ?? null);
}

export function writeBannerSettings(userId: string, settings: AlarmBannerSettings): void {
  try {
    storage()?.setItem(bannerSettingsKey(userId), JSON.stringify(settings));
  } catch {
    // Full or refused: the choice lasts until the page reloads.
    memory.set(userId, settings);
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user's banner settings, followed live. */
export function useAlarmBannerSettings(): AlarmBannerSettings {
  const userId = useSession((s) => s.userId);
  // The stored text is the snapshot (a string compares by value), parsed below.
  const getSnapshot = useCallback(() => {
    const held = memory.get(userId);
    return held ? JSON.stringify(held) : (storage()?.getItem(bannerSettingsKey(userId)) ?? '');
  }, [userId]);
  const raw = useSyncExternalStore(subscribe, getSnapshot, () => '');
  return parseBannerSettings(raw || null);
}
