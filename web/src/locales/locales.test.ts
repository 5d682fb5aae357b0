import { describe, expect, it } from 'vitest';

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(lang: string): Map<string, Tree> {
  const out = new Map<string, Tree>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === lang) out.set(match[2]!, content);
  }
  return out;
}

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(tree: unknown): unknown[] {
  if (typeof tree !== 'object' || tree === null) return [tree];
  return Object.values(tree).flatMap(leaves);
}

const zh = byLanguage('zh');
const en = byLanguage('en');

describe('locales', () => {
  it('zh and en have the same files', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    expect([...zh.keys()]).toEqual(
      expect.arrayContaining(['common', 'menu', 'auth', 'layout', 'exception', 'errors']),
    );
  });

  it.each([...zh.keys()])('%s.json has the same keys in zh and en', (file) => {
    expect(keys(en.get(file)).sort()).toEqual(keys(zh.get(file)).sort());
  });

  it.each([...zh.keys()].filter((f) => f !== 'errors'))(
    '%s.json nests everything under its area key',
    (file) => {
      // An area may span several files (device.json, device-virtual.json): they nest under the area before the dash.
      const area = file.split('-')[0];
      expect(Object.keys(zh.get(file)!)).toEqual([area]);
      expect(Object.keys(en.get(file)!)).toEqual([area]);
    },
  );

  it('every text is a non-empty string', () => {
    for (const [lang, catalogue] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const [file, tree] of catalogue) {
        for (const value of leaves(tree)) {
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${file}`).toBe(true);
        }
      }
    }
  });

  it('errors.json maps codes to texts and knows the codes the console must handle', () => {
    const codes = Object.keys(zh.get('errors')!);
    expect(codes.every((c) => /^\d+$/.test(c))).toBe(true);
    for (const code of [
      '100001',
      '100003',
      '100004',
      '100009',
      '100013',
      '100015',
      '110001',
      '110002',
      '110003',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('Chinese texts are Chinese (no English left in zh)', () => {
    const english = /^[A-Za-z ,.'!?-]{12,}$/;
    for (const [file, tree] of zh) {
      for (const value of leaves(tree))
        expect(english.test(String(value)), `${file}: ${String(value)}`).toBe(false);
    }
  });
});
