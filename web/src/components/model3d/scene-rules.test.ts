import { describe, expect, it, vi } from 'vitest';

import {
  activeSpins,
  advanceSpins,
  applyDrive,
  applyDrives,
  applyMeshColors,
  cameraViewOf,
  colorOf,
  disposeTree,
  findNode,
  headersKey,
  indexNodes,
  meshColorsShown,
  rpmToRadiansPerMs,
  type ColorRecord,
  type SceneMaterial,
  type SceneNode,
} from './scene-rules';

function material(label: string, texture?: { isTexture: true; dispose: () => void }): SceneMaterial {
  const made: SceneMaterial = {
    label,
    colorSet: [] as string[],
    dispose: vi.fn(),
    clone: () => material(`${label}'`, texture),
    color: { set: (css: string) => (made.colorSet as string[]).push(css) },
    ...(texture ? { map: texture } : {}),
  };
  return made;
}

function node(name: string, children: SceneNode[] = [], mesh?: Partial<SceneNode>): SceneNode {
  const made: SceneNode = {
    name,
    children,
    parent: null,
    rotation: { x: 0, y: 0, z: 0 },
    position: { x: 0, y: 0, z: 0 },
    scale: { x: 1, y: 1, z: 1 },
    ...mesh,
  };
  for (const child of children) child.parent = made;
  return made;
}

const mesh = (name: string, mat: SceneMaterial | SceneMaterial[], geometry = { dispose: vi.fn() }) =>
  node(name, [], { isMesh: true, material: mat, geometry });

describe('drives', () => {
  it('sets the named property of a node, and nothing for a value that is not a number', () => {
    const fan = node('fan');
    expect(applyDrive(fan, 'rotation.z', 1.5)).toBe(true);
    expect(applyDrive(fan, 'position.y', -2)).toBe(true);
    expect(applyDrive(fan, 'scale.y', 0.25)).toBe(true);
    expect(fan.rotation.z).toBe(1.5);
    expect(fan.position.y).toBe(-2);
    expect(fan.scale.y).toBe(0.25);
    expect(applyDrive(fan, 'scale.y', 0.25)).toBe(false);
    expect(applyDrive(fan, 'rotation.x', Number.NaN)).toBe(false);
    expect(fan.rotation.x).toBe(0);
  });

  it('drives the nodes found by name, skipping names the model lacks', () => {
    const valve = node('valve');
    const root = node('root', [node('body', [valve])]);
    const nodes = indexNodes(root);
    expect(
      applyDrives(nodes, [
        { mesh: 'valve', property: 'rotation.y', value: 0.5 },
        { mesh: 'missing', property: 'position.x', value: 3 },
      ]),
    ).toBe(true);
    expect(valve.rotation.y).toBe(0.5);
    expect(applyDrives(nodes, [{ mesh: 'valve', property: 'rotation.y', value: 0.5 }])).toBe(false);
    expect(findNode(root, 'valve')).toBe(valve);
    expect(findNode(root, 'missing')).toBeNull();
  });
});

describe('spins', () => {
  it('turns rpm into radians per millisecond', () => {
    expect(rpmToRadiansPerMs(60)).toBeCloseTo((2 * Math.PI) / 1000);
    expect(rpmToRadiansPerMs(0)).toBe(0);
    expect(rpmToRadiansPerMs(Number.NaN)).toBe(0);
    expect(rpmToRadiansPerMs(-30)).toBeCloseTo(-Math.PI / 1000);
  });

  it('keeps only the spins that turn', () => {
    expect(
      activeSpins([
        { mesh: 'a', axis: 'y', rpm: 0 },
        { mesh: 'b', axis: 'y', rpm: 10 },
        { mesh: 'c', axis: 'y', rpm: Number.NaN },
      ]).map((s) => s.mesh),
    ).toEqual(['b']);
  });

  it('advances a node by its speed over the time elapsed, within one turn', () => {
    const fan = node('fan');
    const nodes = indexNodes(node('root', [fan]));
    // 60 rpm: a turn a second; 250 ms is a quarter turn.
    expect(advanceSpins(nodes, [{ mesh: 'fan', axis: 'z', rpm: 60 }], 250)).toBe(true);
    expect(fan.rotation.z).toBeCloseTo(Math.PI / 2);
    advanceSpins(nodes, [{ mesh: 'fan', axis: 'z', rpm: 60 }], 1000);
    expect(fan.rotation.z).toBeCloseTo(Math.PI / 2);
    expect(advanceSpins(nodes, [{ mesh: 'gone', axis: 'z', rpm: 60 }], 250)).toBe(false);
  });
});

describe('colours', () => {
  it('takes a mesh’s own colour, else its nearest named ancestor’s; a blank colour is none', () => {
    const blade = mesh('blade', material('m'));
    const root = node('root', [node('fan', [blade])]);
    expect(colorOf(blade, { fan: 'red' })).toBe('red');
    expect(colorOf(blade, { fan: 'red', blade: '#00ff00' })).toBe('#00ff00');
    expect(colorOf(blade, { blade: '  ' })).toBeNull();
    expect(colorOf(root, { blade: 'red' })).toBeNull();
  });

  it('colours clones of a mesh’s materials, leaving a shared material alone, and restores them', () => {
    const shared = material('steel');
    const a = mesh('a', shared);
    const b = mesh('b', shared);
    const root = node('root', [a, b]);
    const book = new Map<SceneNode, ColorRecord>();

    expect(applyMeshColors(root, { a: 'red' }, book)).toBe(true);
    const clone = a.material as SceneMaterial;
    expect(clone).not.toBe(shared);
    expect(clone.colorSet).toEqual(['red']);
    expect(b.material).toBe(shared);
    expect(shared.colorSet).toEqual([]);

    // The same colour again changes nothing.
    expect(applyMeshColors(root, { a: 'red' }, book)).toBe(false);
    expect(a.material).toBe(clone);

    // Another colour: a new clone, the old one freed.
    expect(applyMeshColors(root, { a: 'blue' }, book)).toBe(true);
    expect(clone.dispose).toHaveBeenCalled();
    expect((a.material as SceneMaterial).colorSet).toEqual(['blue']);

    // The colour gone: the loaded material back.
    const blue = a.material as SceneMaterial;
    expect(applyMeshColors(root, {}, book)).toBe(true);
    expect(a.material).toBe(shared);
    expect(blue.dispose).toHaveBeenCalled();
    expect(shared.dispose).not.toHaveBeenCalled();
    expect(book.size).toBe(0);
  });

  it('colours every material of a multi-material mesh', () => {
    const parts = [material('x'), material('y')];
    const m = mesh('m', parts);
    const book = new Map<SceneNode, ColorRecord>();
    applyMeshColors(node('root', [m]), { m: 'green' }, book);
    expect((m.material as SceneMaterial[]).map((x) => x.colorSet)).toEqual([['green'], ['green']]);
    applyMeshColors(node('root', [m]), {}, book);
    expect(m.material).toBe(parts);
  });
});

describe('disposeTree', () => {
  it('frees each geometry, material and texture once, and the loaded materials a colour replaced', () => {
    const texture = { isTexture: true as const, dispose: vi.fn() };
    const shared = material('steel', texture);
    const geometry = { dispose: vi.fn() };
    const a = mesh('a', shared, geometry);
    const b = mesh('b', shared, geometry);
    const c = mesh('c', material('paint'));
    const root = node('root', [a, node('group', [b, c])]);
    const book = new Map<SceneNode, ColorRecord>();
    applyMeshColors(root, { c: 'red' }, book);
    const original = book.get(c)?.original as SceneMaterial;
    const clone = c.material as SceneMaterial;

    // geometry (shared), a's and b's material, its texture, c's geometry, c's clone (same texture: none) and original.
    expect(disposeTree(root, book)).toBe(6);
    expect(geometry.dispose).toHaveBeenCalledTimes(1);
    expect(shared.dispose).toHaveBeenCalledTimes(1);
    expect(texture.dispose).toHaveBeenCalledTimes(1);
    expect(clone.dispose).toHaveBeenCalledTimes(1);
    expect(original.dispose).toHaveBeenCalledTimes(1);
    expect(book.size).toBe(0);
  });
});

describe('cameraViewOf and headersKey', () => {
  it('rounds a view to 1/1000', () => {
    expect(cameraViewOf({ x: 1.23456, y: -0.0004, z: 3 }, { x: 0, y: 0.5, z: 0.1239 })).toEqual({
      position: [1.235, 0, 3],
      target: [0, 0.5, 0.124],
    });
  });

  it('tells headers apart by content, not by object', () => {
    expect(headersKey({ a: '1', b: '2' })).toBe(headersKey({ b: '2', a: '1' }));
    expect(headersKey({ a: '1' })).not.toBe(headersKey({ a: '2' }));
    expect(headersKey(undefined)).toBe('');
  });
});

describe('the colours shown', () => {
  it('reads each named mesh’s colour back from its first material, as #rrggbb', () => {
    const hexed = (hex: string): SceneMaterial => ({
      dispose: vi.fn(),
      clone: () => hexed(hex),
      color: { set: () => undefined, getHexString: () => hex },
    });
    const root = node('pump_skid', [
      mesh('motor', hexed('00b42a')),
      mesh('pump', [hexed('3491fa'), hexed('ffffff')]),
      mesh('', hexed('000000')),
      node('group', [mesh('valve_stem', material('plain'))]),
    ]);
    expect(meshColorsShown(root)).toEqual({ motor: '#00b42a', pump: '#3491fa' });
  });
});
