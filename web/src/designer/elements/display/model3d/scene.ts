// The 3D model element's settings read and turned into what ModelView draws (issue 38 point 1), without React or
// three.js: the model (its gallery id and .gltf URL), the saved camera, the nodes a state's colour recolours, the
// drives (a node's rotation in degrees, position in model units or height as a scale, mapped from a value's range)
// and the spins (a node turning at the value × factor rpm). The server holds the same shape
// (templates/screens/document.py `Model3dSettings`); a hand-edited document never breaks the drawing.
import type { CameraView, Drive, DriveProperty, Spin, Vec3 } from '@/components/model3d/scene-rules';

import type { ElementState, JsonValue } from '../../../model/types';
import { stateValue } from '../../states';
import type { BoundValue } from '../../types';

/** The server's MODEL3D_DRIVE_KINDS (limits.gen.ts), in its order. */
export const DRIVE_KINDS = [
  'rotation_x',
  'rotation_y',
  'rotation_z',
  'position_x',
  'position_y',
  'position_z',
  'scale_y',
] as const;
export type DriveKind = (typeof DRIVE_KINDS)[number];
export type SpinAxis = 'x' | 'y' | 'z';
export const SPIN_AXES: readonly SpinAxis[] = ['x', 'y', 'z'];

export interface DriveSetting {
  /** The binding key its value is read from. */
  key: string;
  node: string;
  kind: DriveKind;
  min: number;
  max: number;
  /** The property's value at `min` and at `max` (degrees for a rotation). */
  from_value: number;
  to_value: number;
}

export interface SpinSetting {
  key: string;
  node: string;
  axis: SpinAxis;
  /** rpm per unit of the value. */
  factor: number;
}

export interface Model3dSettings {
  model_id: number | null;
  model_url: string | null;
  camera: CameraView | null;
  meshes: string[];
  drives: DriveSetting[];
  spins: SpinSetting[];
}

type Settings = Readonly<Record<string, JsonValue>>;
type Values = Readonly<Record<string, BoundValue | undefined>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function vec3(v: unknown): Vec3 | null {
  if (!Array.isArray(v) || v.length !== 3) return null;
  const [x, y, z] = v as unknown[];
  return typeof x === 'number' && typeof y === 'number' && typeof z === 'number' ? [x, y, z] : null;
}

function camera(v: unknown): CameraView | null {
  if (!isRecord(v)) return null;
  const position = vec3(v.position);
  const target = vec3(v.target);
  return position && target ? { position, target } : null;
}

function drive(v: unknown): DriveSetting | null {
  if (!isRecord(v)) return null;
  const kind = (DRIVE_KINDS as readonly string[]).includes(str(v.kind)) ? (v.kind as DriveKind) : null;
  if (!kind || !str(v.key)) return null;
  return {
    key: str(v.key),
    node: str(v.node),
    kind,
    min: num(v.min, 0),
    max: num(v.max, 100),
    from_value: num(v.from_value, 0),
    to_value: num(v.to_value, 1),
  };
}

function spin(v: unknown): SpinSetting | null {
  if (!isRecord(v) || !str(v.key)) return null;
  const axis = (SPIN_AXES as readonly string[]).includes(str(v.axis)) ? (v.axis as SpinAxis) : 'y';
  return { key: str(v.key), node: str(v.node), axis, factor: num(v.factor, 1) };
}

const listOf = <T>(v: unknown, read: (item: unknown) => T | null): T[] =>
  Array.isArray(v) ? v.map(read).filter((item): item is T => item !== null) : [];

export function readModel3d(settings: Settings): Model3dSettings {
  const id = settings.model_id;
  const url = settings.model_url;
  return {
    model_id: typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null,
    model_url: typeof url === 'string' && url !== '' ? url : null,
    camera: camera(settings.camera),
    meshes: listOf(settings.meshes, (m) => (typeof m === 'string' && m !== '' ? m : null)),
    drives: listOf(settings.drives, drive),
    spins: listOf(settings.spins, spin),
  };
}

/** What a model element stores: only the keys the server knows (a null model, camera … left out). */
export function writeModel3d(model: Model3dSettings): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { meshes: model.meshes, drives: model.drives, spins: model.spins };
  if (model.model_id !== null && model.model_url !== null) {
    out.model_id = model.model_id;
    out.model_url = model.model_url;
  }
  if (model.camera) out.camera = model.camera;
  return out;
}

const PROPERTY: Record<DriveKind, DriveProperty> = {
  rotation_x: 'rotation.x',
  rotation_y: 'rotation.y',
  rotation_z: 'rotation.z',
  position_x: 'position.x',
  position_y: 'position.y',
  position_z: 'position.z',
  scale_y: 'scale.y',
};

/** The drive's property for a value: its place between min and max (clamped) from `from_value` to `to_value`, a
 * rotation in radians; null for no value or a range that is not one. */
export function driveValue(setting: DriveSetting, raw: number | string | null | undefined): number | null {
  const value = stateValue(raw);
  if (value === null || !(setting.max > setting.min)) return null;
  const share = Math.min(1, Math.max(0, (value - setting.min) / (setting.max - setting.min)));
  const out = setting.from_value + share * (setting.to_value - setting.from_value);
  return setting.kind.startsWith('rotation') ? (out * Math.PI) / 180 : out;
}

/** The drives with a value now, as ModelView takes them. */
export function drivesFor(model: Model3dSettings, values: Values): Drive[] {
  const out: Drive[] = [];
  for (const setting of model.drives) {
    const value = driveValue(setting, values[setting.key]?.value);
    if (value !== null && setting.node)
      out.push({ mesh: setting.node, property: PROPERTY[setting.kind], value });
  }
  return out;
}

/** The spins turning now: value × factor rpm (none, or 0: held). */
export function spinsFor(model: Model3dSettings, values: Values): Spin[] {
  const out: Spin[] = [];
  for (const setting of model.spins) {
    const value = stateValue(values[setting.key]?.value);
    if (value !== null && value !== 0 && setting.node)
      out.push({ mesh: setting.node, axis: setting.axis, rpm: value * setting.factor });
  }
  return out;
}

/** The colour of the state showing (its backgroundColor) on each chosen node; none showing: the model's own. */
export function meshColorsFor(model: Model3dSettings, state: ElementState | null): Record<string, string> {
  const colour = state?.backgroundColor;
  if (!colour) return {};
  return Object.fromEntries(model.meshes.map((mesh) => [mesh, colour]));
}

/** A binding key for a new drive or spin, unused by the element's others (`drive_1`, `spin_2` …). */
export function freeKey(prefix: 'drive' | 'spin', taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) {
    const key = `${prefix}_${String(n)}`;
    if (!used.has(key)) return key;
  }
}

/** The .gltf's file name at the end of a model's URL (what a share link's address ends with). */
export function gltfName(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}
