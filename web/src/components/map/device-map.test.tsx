// The device map keeps its markers across updates: a live change sets one marker's icon, new devices are added and
// gone ones removed, and nothing else is made again (rebuilding 100 markers on every update was a tenth of a second
// of a dashboard's opening).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DeviceMap } from './device-map';
import type { MapMarker } from './types';

const marker = (id: number, devState: number | null, alarm = false): MapMarker => ({
  id,
  latitude: 31.2,
  longitude: 121.4 + id / 100,
  dev_state: devState,
  registered: true,
  label: `泵${String(id)}`,
  alarm,
});

const pins = () => [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
const pinOf = (label: string) => pins().find((pin) => pin.title === label);

function draw(markers: MapMarker[]) {
  return (
    <DeviceMap
      tiles={{ url: null, attribution: '', subdomains: 'abc', max_zoom: 18 }}
      theme="normal"
      markers={markers}
      height={300}
      cluster={false}
      fitMarkers={false}
    />
  );
}

describe('the device map', () => {
  it('updates its markers in place', () => {
    const view = render(draw([marker(1, 1), marker(2, 1)]));
    expect(pins()).toHaveLength(2);
    const first = pinOf('泵1');
    const second = pinOf('泵2');
    const dot = second?.querySelector<HTMLElement>('.map-pin__dot')?.style.background;

    // Device 2 goes offline and alarms, device 1 is gone, device 3 comes.
    view.rerender(draw([marker(2, 2, true), marker(3, 1)]));
    expect(
      pins()
        .map((pin) => pin.title)
        .sort(),
    ).toEqual(['泵2', '泵3']);
    expect(first?.isConnected).toBe(false);
    const changed = pinOf('泵2');
    expect(changed?.querySelector<HTMLElement>('.map-pin__dot')?.style.background).not.toBe(dot);
    expect(changed?.classList.contains('map-pin--alarm')).toBe(true);

    // Nothing changes: the same elements stay.
    const kept = pinOf('泵3');
    view.rerender(draw([marker(2, 2, true), marker(3, 1)]));
    expect(pinOf('泵3')).toBe(kept);
  });
});
