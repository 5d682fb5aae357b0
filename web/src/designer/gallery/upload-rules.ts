// The checks an upload passes in the browser before it is sent, the server's own (SPEC §5): a PNG or JPEG judged by
// its first bytes, not its name, or SVG text for an icon or an image (114010), within its use's cap (114011), with the catalogue's texts.
import { translateCode } from '@/lib/i18n';
import { IMAGE_SIZE_TEXT, IMAGE_USE_MAX_BYTES, PICTURE_NAME_MAX } from '@/types/limits.gen';
import type { ImageUse } from './types';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_START = [0xff, 0xd8, 0xff];
// How much of a file is read to find an SVG's root element (after an XML declaration and comments).
const SVG_HEAD_LENGTH = 2048;

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

/** Whether the first bytes of a file are a PNG's or a JPEG's. */
export function isImageHeader(bytes: Uint8Array): boolean {
  return startsWith(bytes, PNG_SIGNATURE) || startsWith(bytes, JPEG_START);
}

export function readHead(file: Blob, length: number): Promise<Uint8Array> {
  // FileReader rather than Blob.arrayBuffer: the same in every browser the console supports and in jsdom.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** Whether the first bytes of a file read as SVG text (a claim the server judges by sanitising it). */
export function isSvgHeader(bytes: Uint8Array): boolean {
  const text = new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') && /<svg[\s>/]/.test(text);
}

/** The catalogue's text of what is wrong with `file` for `use`, or null when the server will take it. An SVG is an
 * icon or an image, never a background. */
export async function checkImageFile(file: Blob, use: ImageUse): Promise<string | null> {
  const head = await readHead(file, SVG_HEAD_LENGTH);
  const svg = use !== 'background' && isSvgHeader(head);
  if (!svg && !isImageHeader(head)) return translateCode('114010');
  if (file.size > IMAGE_USE_MAX_BYTES[use]) return translateCode('114011', { size: IMAGE_SIZE_TEXT[use] });
  return null;
}

/** A picture name proposed from a file name: without its extension, cut to the server's limit. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, PICTURE_NAME_MAX);
}
