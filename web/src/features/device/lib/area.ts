// The area cascader's value ↔ a device's province/city/area codes.
import type { DeviceOut } from '../types';

export function areaValue(device: Pick<DeviceOut, 'province_code' | 'city_code' | 'area_code'>): string[] {
  const codes = [device.province_code, device.city_code, device.area_code];
  const end = codes.findIndex((c) => !c);
  return end === -1 ? codes : codes.slice(0, end);
}

/** Cascader value → the three codes of PUT /dev/update ('' clears a level). */
export function areaCodes(value: readonly string[] | undefined): {
  province_code: string;
  city_code: string;
  area_code: string;
} {
  return { province_code: value?.[0] ?? '', city_code: value?.[1] ?? '', area_code: value?.[2] ?? '' };
}
