// The 3D model viewer's rules without three.js (ModelView, three-scene.ts): which node a drive or a spin moves and
// how, a speed in rpm as radians per millisecond, which state colour a mesh takes (its own name, else its nearest
// named ancestor's), the per-mesh material clones that carry a colour and their restoring, and the walk that frees
// a scene's geometries, materials and textures. Written against the few fields of three's objects they touch, so
// the unit tests need no WebGL.

export type Vec3 = [number, number, number];

/** A camera's view: where it stands and what it looks at. */
export interface CameraView {
  position: Vec3;
  target: Vec3;
}

export type Axis = 'x' | 'y' | 'z';

export type DriveProperty =
  'rotation.x' | 'rotation.y' | 'rotation.z' | 'position.x' | 'position.y' | 'position.z' | 'scale.y';

/** A node's transform set from a value (a valve's angle in radians, a piston's travel, a level's height). */
export interface Drive {
  mesh: string;
  property: DriveProperty;
  value: number;
}

/** A node turning on an axis at a speed (a fan at its rpm). */
export interface Spin {
  mesh: string;
  axis: Axis;
  rpm: number;
}

interface XYZ {
  x: number;
  y: number;
  z: number;
}

/** The fields of a three.js Object3D the rules read and write. */
export interface SceneNode {
  name: string;
  parent?: SceneNode | null;
  children: SceneNode[];
  rotation: XYZ;
  position: XYZ;
  scale: XYZ;
  isMesh?: boolean;
  geometry?: { dispose: () => void };
  material?: SceneMaterial | SceneMaterial[];
}

export interface SceneMaterial {
  dispose: () => void;
  clone: () => SceneMaterial;
  color?: { set: (css: string) => unknown; getHexString?: () => string };
  [key: string]: unknown;
}

/** Every node under `root`, root first. */
export function walk(root: SceneNode, visit: (node: SceneNode) => void): void {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    visit(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child) stack.push(child);
    }
  }
}

/** The first node named `name` under `root` (glTF node names; a mesh's node carries its mesh's name). */
export function findNode(root: SceneNode, name: string): SceneNode | null {
  let found: SceneNode | null = null;
  walk(root, (node) => {
    if (!found && node.name === name) found = node;
  });
  return found;
}

/** Sets the drive's property of `node` to its value; a value that is not a finite number leaves the node as it is. */
export function applyDrive(node: SceneNode, property: DriveProperty, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const [group, axis] = property.split('.') as ['rotation' | 'position' | 'scale', Axis];
  if (node[group][axis] === value) return false;
  node[group][axis] = value;
  return true;
}

/** A scene's nodes by name, the first of a name (what drives and spins look up every frame). */
export function indexNodes(root: SceneNode): Map<string, SceneNode> {
  const byName = new Map<string, SceneNode>();
  walk(root, (node) => {
    if (node.name && !byName.has(node.name)) byName.set(node.name, node);
  });
  return byName;
}

type Nodes = ReadonlyMap<string, SceneNode>;

/** Applies every drive whose node exists; true when a node moved (the frame needs drawing). */
export function applyDrives(nodes: Nodes, drives: readonly Drive[]): boolean {
  let moved = false;
  for (const drive of drives) {
    const node = nodes.get(drive.mesh);
    if (node && applyDrive(node, drive.property, drive.value)) moved = true;
  }
  return moved;
}

const TURN = 2 * Math.PI;

/** A speed in revolutions per minute as radians per millisecond; not a finite number: 0. */
export function rpmToRadiansPerMs(rpm: number): number {
  return Number.isFinite(rpm) ? (rpm * TURN) / 60_000 : 0;
}

/** The spins that turn (a speed other than 0). */
export function activeSpins(spins: readonly Spin[]): Spin[] {
  return spins.filter((spin) => rpmToRadiansPerMs(spin.rpm) !== 0);
}

/** Turns each spinning node by its speed over `elapsedMs`, kept within one turn; true when one turned. */
export function advanceSpins(nodes: Nodes, spins: readonly Spin[], elapsedMs: number): boolean {
  let turned = false;
  for (const spin of spins) {
    const step = rpmToRadiansPerMs(spin.rpm) * elapsedMs;
    const node = step === 0 ? undefined : nodes.get(spin.mesh);
    if (!node) continue;
    node.rotation[spin.axis] = (node.rotation[spin.axis] + step) % TURN;
    turned = true;
  }
  return turned;
}

/**
 * The colour a mesh takes from `colors` (by node or mesh name): its own name's, else its nearest named ancestor's
 * (a colour named for a group colours every mesh in it); a blank colour counts as none.
 */
export function colorOf(node: SceneNode, colors: Readonly<Record<string, string>>): string | null {
  for (let at: SceneNode | null | undefined = node; at; at = at.parent) {
    const color = at.name ? colors[at.name]?.trim() : undefined;
    if (color) return color;
  }
  return null;
}

/** A mesh's materials as they were loaded, and its coloured clones, with the colour they carry. */
export interface ColorRecord {
  original: SceneMaterial | SceneMaterial[];
  color: string;
}

const materialsOf = (material: SceneMaterial | SceneMaterial[]): SceneMaterial[] =>
  Array.isArray(material) ? material : [material];

/**
 * Gives each mesh with a colour its own clones of its materials in that colour (a material shared by meshes keeps
 * its look on the others), and gives a mesh whose colour went away its loaded materials back, freeing the clones.
 * `book` remembers the coloured meshes between calls; true when a mesh changed (the frame needs drawing).
 */
export function applyMeshColors(
  root: SceneNode,
  colors: Readonly<Record<string, string>>,
  book: Map<SceneNode, ColorRecord>,
): boolean {
  let changed = false;
  walk(root, (node) => {
    if (!node.isMesh || !node.material) return;
    const color = colorOf(node, colors);
    const record = book.get(node);
    if (record?.color === color) return;
    if (record) {
      for (const clone of materialsOf(node.material)) clone.dispose();
      node.material = record.original;
      book.delete(node);
      changed = true;
    }
    if (color === null) return;
    const original = node.material;
    const clones = materialsOf(original).map((material) => {
      const clone = material.clone();
      clone.color?.set(color);
      return clone;
    });
    node.material = Array.isArray(original) ? clones : (clones[0] ?? original);
    book.set(node, { original, color });
    changed = true;
  });
  return changed;
}

/** Each named mesh's colour as its (first) material shows it now, `#rrggbb` (sRGB), by the mesh's name. */
export function meshColorsShown(root: SceneNode): Record<string, string> {
  const shown: Record<string, string> = {};
  walk(root, (node) => {
    if (!node.isMesh || !node.name || !node.material || node.name in shown) return;
    const hex = materialsOf(node.material)[0]?.color?.getHexString?.();
    if (hex) shown[node.name] = `#${hex}`;
  });
  return shown;
}

/** Whether a value is one of three's textures (a material's map, normalMap …). */
function isTexture(value: unknown): value is { isTexture: true; dispose: () => void } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { isTexture?: unknown }).isTexture === true &&
    typeof (value as { dispose?: unknown }).dispose === 'function'
  );
}

/**
 * Frees every geometry, material and texture under `root` once each (a material or texture shared by meshes is
 * freed once), and the loaded materials a colour replaced (`book`); returns how many were freed.
 */
export function disposeTree(root: SceneNode, book?: Map<SceneNode, ColorRecord>): number {
  const freed = new Set<{ dispose: () => void }>();
  const free = (material: SceneMaterial) => {
    if (freed.has(material)) return;
    freed.add(material);
    for (const value of Object.values(material)) if (isTexture(value)) freed.add(value);
  };
  walk(root, (node) => {
    if (node.geometry) freed.add(node.geometry);
    if (node.material) materialsOf(node.material).forEach(free);
    const record = book?.get(node);
    if (record) materialsOf(record.original).forEach(free);
  });
  book?.clear();
  for (const item of freed) item.dispose();
  return freed.size;
}

/** A camera view read from the fields of three's camera and controls, rounded to 1/1000 (what a document stores). */
export function cameraViewOf(position: XYZ, target: XYZ): CameraView {
  const round = (n: number) => Math.round(n * 1000) / 1000 || 0;
  return {
    position: [round(position.x), round(position.y), round(position.z)],
    target: [round(target.x), round(target.y), round(target.z)],
  };
}

/** A stable text of a headers object, to tell a change of headers from a new object with the same ones. */
export function headersKey(headers: Readonly<Record<string, string>> | undefined): string {
  return headers
    ? JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : '';
}
