import { afterEach, describe, expect, it } from 'vitest';

import { resolveImageUrl } from './resolve-url';
import { checkImageFile, isImageHeader, nameFromFile } from './upload-rules';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

function file(head: number[], size: number, name: string): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name);
}

describe('isImageHeader', () => {
  it('knows a PNG and a JPEG by their first bytes', () => {
    expect(isImageHeader(new Uint8Array(PNG))).toBe(true);
    expect(isImageHeader(new Uint8Array(JPEG))).toBe(true);
    expect(isImageHeader(new TextEncoder().encode('GIF89a..'))).toBe(false);
  });
});

describe('checkImageFile', () => {
  it('takes a PNG named .jpg and a JPEG named .png', async () => {
    expect(await checkImageFile(file(PNG, 2000, 'photo.jpg'), 'image')).toBeNull();
    expect(await checkImageFile(file(JPEG, 2000, 'photo.png'), 'icon')).toBeNull();
  });

  it('refuses a text file named .png with the catalogue text of 114010', async () => {
    const text = new File(['hello, I am not a picture'], 'fake.png', { type: 'image/png' });
    expect(await checkImageFile(text, 'image')).toBe(
      '图片须为 jpg、png 或 svg 格式（背景图片仅限 jpg 或 png）',
    );
  });

  it('takes SVG text for an icon or an image, never for a background (issue 30 point 2)', async () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(await checkImageFile(new File([svg], 'a.svg'), 'icon')).toBeNull();
    expect(await checkImageFile(new File([svg], 'a.svg'), 'image')).toBeNull();
    expect(await checkImageFile(new File([svg], 'a.svg'), 'background')).toBe(
      '图片须为 jpg、png 或 svg 格式（背景图片仅限 jpg 或 png）',
    );
  });

  it('caps the size by use with the catalogue text of 114011', async () => {
    expect(await checkImageFile(file(PNG, 100 * 1024 + 1, 'a.png'), 'icon')).toBe(
      '图片过大（不能超过 100 KB）',
    );
    expect(await checkImageFile(file(PNG, 100 * 1024 + 1, 'a.png'), 'image')).toBeNull();
    expect(await checkImageFile(file(PNG, 1024 * 1024 + 1, 'a.png'), 'image')).toBe(
      '图片过大（不能超过 1 MB）',
    );
    expect(await checkImageFile(file(PNG, 1024 * 1024 + 1, 'a.png'), 'background')).toBeNull();
  });
});

describe('nameFromFile', () => {
  it('drops the extension and keeps at most 20 characters', () => {
    expect(nameFromFile('泵站背景.final.png')).toBe('泵站背景.final');
    expect(nameFromFile(`${'x'.repeat(30)}.jpg`)).toBe('x'.repeat(20));
  });
});

describe('resolveImageUrl', () => {
  afterEach(() => {
    delete window.__IOTYUN_CONFIG__;
  });

  it('resolves a stored gallery path against the runtime API base', () => {
    const stored = '/api/yun/resourcesInfo/file/k.png';
    expect(resolveImageUrl(stored)).toBe(stored);
    window.__IOTYUN_CONFIG__ = { apiBase: 'https://api.example.com/v1/' };
    expect(resolveImageUrl(stored)).toBe('https://api.example.com/v1/yun/resourcesInfo/file/k.png');
    expect(resolveImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});
