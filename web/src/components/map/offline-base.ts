// The bundled offline base map: Natural Earth 1:110m countries (world-atlas TopoJSON) as GeoJSON, loaded on demand.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let cached: Promise<FeatureCollection> | null = null;

export function loadCountries(): Promise<FeatureCollection> {
  cached ??= import('world-atlas/countries-110m.json').then((mod) => {
    const topology = mod.default as unknown as Topology<{ countries: GeometryCollection }>;
    return feature(topology, topology.objects.countries);
  });
  return cached;
}

export const OFFLINE_ATTRIBUTION = '&copy; Natural Earth';
