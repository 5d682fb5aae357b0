import { describe, expect, it } from 'vitest';

import { MODEL3D_DRIVE_KINDS } from '@/types/limits.gen';

import { bound } from '../../test/fixtures';
import {
  DRIVE_KINDS,
  driveValue,
  drivesFor,
  freeKey,
  gltfName,
  meshColorsFor,
  readModel3d,
  spinsFor,
  writeModel3d,
  type DriveSetting,
} from './scene';
import { consoleModelFiles, sharedModelFiles } from './model-files';

const URL = '/api/yun/resourcesInfo/model/file/KEY/pump%20skid.gltf';

const level: DriveSetting = {
  key: 'drive_1',
  node: 'level',
  kind: 'scale_y',
  min: 0,
  max: 10,
  from_value: 0,
  to_value: 4,
};

describe('the 3D model element’s settings', () => {
  it('names the server’s drive kinds in its order', () => {
    expect([...DRIVE_KINDS]).toEqual(MODEL3D_DRIVE_KINDS);
  });

  it('reads what it stores, and a hand-edited document without breaking', () => {
    const settings = {
      model_id: 7,
      model_url: URL,
      camera: { position: [1, 2, 3], target: [0, 0, 0] },
      meshes: ['motor', '', 3],
      drives: [level, { key: 'x', node: 'n', kind: 'scale_x' }],
      spins: [{ key: 'spin_1', node: 'blades', axis: 'w', factor: 2 }],
    };
    const model = readModel3d(settings);
    expect(model).toEqual({
      model_id: 7,
      model_url: URL,
      camera: { position: [1, 2, 3], target: [0, 0, 0] },
      meshes: ['motor'],
      drives: [level],
      spins: [{ key: 'spin_1', node: 'blades', axis: 'y', factor: 2 }],
    });
    expect(readModel3d(writeModel3d(model))).toEqual(model);
    const none = readModel3d({ model_id: 'x', camera: { position: [1, 2] } });
    expect(none.model_id).toBeNull();
    expect(none.camera).toBeNull();
    // No model, no camera: the keys are left out (the server refuses an id without its URL).
    expect(writeModel3d(none)).toEqual({ meshes: [], drives: [], spins: [] });
  });

  it('maps a drive’s value from its range onto the property, clamped, a rotation in radians', () => {
    expect(driveValue(level, 5)).toBe(2);
    expect(driveValue(level, -3)).toBe(0);
    expect(driveValue(level, 99)).toBe(4);
    expect(driveValue(level, '2.5')).toBe(1);
    expect(driveValue(level, null)).toBeNull();
    expect(driveValue({ ...level, min: 5, max: 5 }, 5)).toBeNull();
    const valve = { ...level, kind: 'rotation_z' as const, from_value: 0, to_value: 90 };
    expect(driveValue(valve, 10)).toBeCloseTo(Math.PI / 2);
  });

  it('gives ModelView the drives and spins with a value, and the state’s colour on the chosen nodes', () => {
    const model = readModel3d({
      model_id: 7,
      model_url: URL,
      meshes: ['motor', 'pump'],
      drives: [level],
      spins: [{ key: 'spin_1', node: 'blades', axis: 'z', factor: 0.5 }],
    });
    const values = { drive_1: bound(5), spin_1: bound(100) };
    expect(drivesFor(model, values)).toEqual([{ mesh: 'level', property: 'scale.y', value: 2 }]);
    expect(spinsFor(model, values)).toEqual([{ mesh: 'blades', axis: 'z', rpm: 50 }]);
    expect(drivesFor(model, {})).toEqual([]);
    expect(spinsFor(model, { spin_1: bound(0) })).toEqual([]);
    expect(meshColorsFor(model, { backgroundColor: '#00b42a', isUnderline: false })).toEqual({
      motor: '#00b42a',
      pump: '#00b42a',
    });
    expect(meshColorsFor(model, null)).toEqual({});
  });

  it('keys a new drive or spin apart from the others', () => {
    expect(freeKey('drive', [])).toBe('drive_1');
    expect(freeKey('spin', ['spin_1', 'drive_2', 'spin_3'])).toBe('spin_2');
  });

  it('loads the model from the gallery in the console and through the link on a share link’s page', () => {
    expect(gltfName(URL)).toBe('pump%20skid.gltf');
    expect(consoleModelFiles(7, URL)).toEqual({
      url: expect.stringMatching(/\/yun\/resourcesInfo\/model\/file\/KEY\/pump%20skid\.gltf$/),
    });
    const shared = sharedModelFiles('t/k')(7, URL);
    expect(shared.url).toMatch(/\/yun\/shared\/model\/t%2Fk\/7\/pump%20skid\.gltf$/);
    expect(shared.headers).toEqual({});
  });
});
