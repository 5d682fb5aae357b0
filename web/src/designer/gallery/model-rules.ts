// The checks a 3D model upload passes in the browser before it is sent, the server's own (SPEC §5 "Models: gltf, bin,
// jpg, jpeg, png; exactly one gltf; no duplicates; total size limit", resources/gltf.py), in the server's order and
// with the catalogue's texts: each file a plain name of an allowed type (114014), exactly one .gltf (114015), no name
// twice, case aside (114016), at most MODEL_MAX_BYTES together (114017), the images PNG or JPEG by their first bytes
// (114014), and the .gltf a JSON object with an `asset` whose buffers' and images' uris each name a chosen file or
// are data: URIs (114509).
import { translateCode } from '@/lib/i18n';
import {
  MODEL_FILE_NAME_MAX,
  MODEL_FILE_TYPES,
  MODEL_MAX_BYTES,
  MODEL_NAME_MAX,
  MODEL_SIZE_TEXT,
} from '@/types/limits.gen';
import { isImageHeader, readHead } from './upload-rules';

const extOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function plainName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MODEL_FILE_NAME_MAX &&
    !name.startsWith('.') &&
    !name.includes('/') &&
    !name.includes('\\') &&
    !CONTROL.test(name)
  );
}

function decodeUri(uri: string): string | null {
  try {
    return decodeURIComponent(uri);
  } catch {
    return null;
  }
}

/** Whether a .gltf's text is a glTF document whose every uri is one of `names` or a data: URI. */
export function gltfNamesOnly(text: string, names: ReadonlySet<string>): boolean {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return false;
  const record = doc as Record<string, unknown>;
  const asset = record.asset;
  if (typeof asset !== 'object' || asset === null || Array.isArray(asset)) return false;
  for (const key of ['buffers', 'images']) {
    const items = record[key] ?? [];
    if (!Array.isArray(items)) return false;
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
      if (!('uri' in item)) continue;
      const uri = (item as { uri: unknown }).uri;
      if (typeof uri !== 'string') return false;
      if (uri.startsWith('data:')) continue;
      const name = decodeUri(uri);
      if (name === null || !names.has(name)) return false;
    }
  }
  return true;
}

async function readText(file: Blob): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readHead(file, file.size));
  } catch {
    return null;
  }
}

/** The catalogue's text of what is wrong with a model's files, or null when the server will take them. */
export async function checkModelFiles(files: readonly File[]): Promise<string | null> {
  const entries = files.map((file) => {
    const name = file.name.trim();
    return { file, name, ext: extOf(name) };
  });
  if (entries.length === 0 || entries.some((e) => !plainName(e.name) || !MODEL_FILE_TYPES.includes(e.ext)))
    return translateCode('114014');
  const gltfs = entries.filter((e) => e.ext === 'gltf');
  const gltf = gltfs[0];
  if (gltfs.length !== 1 || !gltf) return translateCode('114015');
  if (new Set(entries.map((e) => e.name.toLowerCase())).size !== entries.length)
    return translateCode('114016');
  if (files.reduce((sum, f) => sum + f.size, 0) > MODEL_MAX_BYTES)
    return translateCode('114017', { size: MODEL_SIZE_TEXT });
  for (const e of entries) {
    if (['png', 'jpg', 'jpeg'].includes(e.ext) && !isImageHeader(await readHead(e.file, 8)))
      return translateCode('114014');
  }
  const text = await readText(gltf.file);
  const others = new Set(entries.filter((e) => e !== gltf).map((e) => e.name));
  if (text === null || !gltfNamesOnly(text, others)) return translateCode('114509', { file: gltf.name });
  return null;
}

/** A model name proposed from its .gltf's file name: without the extension, cut to the server's limit. */
export function modelNameFromFiles(files: readonly File[]): string {
  const gltf = files.find((f) => extOf(f.name) === 'gltf');
  return (gltf?.name ?? '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, MODEL_NAME_MAX);
}
