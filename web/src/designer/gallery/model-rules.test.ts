import { describe, expect, it } from 'vitest';

import { checkModelFiles, gltfNamesOnly, modelNameFromFiles } from './model-rules';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const gltf = (...uris: string[]) =>
  JSON.stringify({
    asset: { version: '2.0' },
    buffers: uris.slice(0, 1).map((uri) => ({ uri, byteLength: 4 })),
    images: uris.slice(1).map((uri) => ({ uri })),
  });
const file = (name: string, content: BlobPart = new Uint8Array(4)) => new File([content], name);

describe('checkModelFiles', () => {
  it('takes a .gltf with the buffer and textures it names, in any order and any case of extension', async () => {
    const files = [
      file('skin.PNG', PNG),
      file('pump.gltf', gltf('pump.bin', 'skin.PNG', 'plate%20a.jpg')),
      file('pump.bin'),
      file('plate a.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
    ];
    expect(await checkModelFiles(files)).toBeNull();
    expect(
      await checkModelFiles([file('box.gltf', gltf('data:application/octet-stream;base64,AAAA'))]),
    ).toBeNull();
  });

  it('refuses another type, a folder in a name or a text file named .png with 114014', async () => {
    const text = '模型文件只能是 gltf、bin、jpg、jpeg 或 png';
    expect(await checkModelFiles([file('a.gltf', gltf()), file('a.obj')])).toBe(text);
    expect(await checkModelFiles([file('a.gltf', gltf()), file('../a.bin')])).toBe(text);
    expect(await checkModelFiles([file('a.gltf', gltf()), file('a.png', 'not a png')])).toBe(text);
    expect(await checkModelFiles([])).toBe(text);
  });

  it('wants exactly one .gltf (114015), no name twice (114016) and the total within the limit (114017)', async () => {
    expect(await checkModelFiles([file('a.bin')])).toBe('模型须包含且仅包含一个 gltf 文件');
    expect(await checkModelFiles([file('a.gltf', gltf()), file('b.GLTF', gltf())])).toBe(
      '模型须包含且仅包含一个 gltf 文件',
    );
    expect(await checkModelFiles([file('a.gltf', gltf('a.bin')), file('a.bin'), file('A.BIN')])).toBe(
      '模型文件不能重复',
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024)], 'a.bin');
    expect(await checkModelFiles([file('a.gltf', gltf('a.bin')), big])).toBe(
      '模型文件过大（总大小不能超过 10 MB）',
    );
  });

  it('refuses a .gltf that is not JSON or names a file not chosen with 114509', async () => {
    const text = '模型文件解析失败（a.gltf）';
    expect(await checkModelFiles([file('a.gltf', 'not json')])).toBe(text);
    expect(await checkModelFiles([file('a.gltf', gltf('missing.bin'))])).toBe(text);
    expect(await checkModelFiles([file('a.gltf', gltf('../a.bin')), file('a.bin')])).toBe(text);
  });
});

describe('gltfNamesOnly', () => {
  const names = new Set(['a.bin']);
  it('needs an asset object and uris naming the given files or data: URIs', () => {
    expect(gltfNamesOnly(gltf('a.bin'), names)).toBe(true);
    expect(gltfNamesOnly('{"buffers": []}', names)).toBe(false);
    expect(gltfNamesOnly('[1]', names)).toBe(false);
    expect(gltfNamesOnly(gltf('%2e%2e%2fa.bin'), names)).toBe(false);
    expect(gltfNamesOnly(gltf('https://example.com/a.bin'), names)).toBe(false);
    expect(gltfNamesOnly(gltf('%E0%A4%A'), names)).toBe(false);
    expect(gltfNamesOnly(JSON.stringify({ asset: {}, buffers: [{ uri: 5 }] }), names)).toBe(false);
  });
});

describe('modelNameFromFiles', () => {
  it('proposes the .gltf file name without its extension', () => {
    expect(modelNameFromFiles([file('a.bin'), file('离心泵 P-101.gltf')])).toBe('离心泵 P-101');
    expect(modelNameFromFiles([file(`${'x'.repeat(30)}.gltf`)])).toBe('x'.repeat(20));
  });
});
