// The signature the server checks (docs/security.md): a known answer shared with tests/auth/test_signing.py, and
// WebCrypto and @noble giving the same bytes.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex as nobleHex, hexToBytes as nobleBytes } from '@noble/curves/utils.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  bodyDigest,
  bytesToHex,
  checkedWebCrypto,
  hexToBytes,
  keyPairFromHex,
  ServerClock,
  setSignBackend,
  signBackend,
  signHeaders,
  signingMessage,
  webCryptoBackend,
} from './sign';
import { nobleBackend } from './sign-noble';

const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PUB = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const BODY = '{"username":"alice"}';
const BODY_SHA256 = '04c4be721c109ac0f746bb00d3906ebf1b396457615f213ffee6e3cb6019bf64';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SIG =
  '1c92bde9f4944d65fe71e9caff1c7fab121c76140453dff4c48c231e3ed65c60' +
  'dfc6e9e37767570f27608575a135b01471d1ba69694afa3a1d9a64603b830603';

// Node's WebCrypto (Ed25519 since Node 18.4), which the test environment gives the page.
const subtle = globalThis.crypto.subtle;
const BACKENDS = [
  ['webcrypto', webCryptoBackend(subtle)],
  ['noble', nobleBackend],
] as const;

afterEach(() => {
  setSignBackend(null);
});

describe.each(BACKENDS)('signing message (%s)', (_name, backend) => {
  it('covers key, time, method, path and the body digest', async () => {
    setSignBackend(backend);
    const message = await signingMessage(PUB, 1700000000000, 60, {
      method: 'post',
      path: '/yun/v2/user/login',
      body: BODY,
    });
    expect(message).toBe(`${PUB}\n1700000000000\n60\nPOST\n/yun/v2/user/login\n${BODY_SHA256}`);
  });

  it('signs the path without its query, and no body as the empty one', async () => {
    setSignBackend(backend);
    const message = await signingMessage(PUB, 1, 60, { method: 'GET', path: '/yun/login/check/code?x=1' });
    expect(message).toBe(`${PUB}\n1\n60\nGET\n/yun/login/check/code\n${EMPTY_SHA256}`);
    expect(await bodyDigest(null)).toBe(EMPTY_SHA256);
    expect(await bodyDigest(new TextEncoder().encode(BODY))).toBe(BODY_SHA256);
  });

  it('gives the same signature as the server computes', async () => {
    setSignBackend(backend);
    const pair = await keyPairFromHex(SEED);
    expect(pair.publicKeyHex).toBe(PUB);
    const message = await signingMessage(PUB, 1700000000000, 60, {
      method: 'POST',
      path: '/yun/v2/user/login',
      body: BODY,
    });
    expect(bytesToHex(await backend.sign(new TextEncoder().encode(message), pair.secretKey))).toBe(SIG);
    expect(nobleHex(ed25519.sign(new TextEncoder().encode(message), pair.secretKey))).toBe(SIG);
  });

  it('signHeaders signs what it is given', async () => {
    setSignBackend(backend);
    const clock = new ServerClock(() => 1700000000000);
    const request = { method: 'POST', path: '/user/register', body: '{"a":1}' };
    const headers = await signHeaders(SEED, request, clock);
    const message = await signingMessage(PUB, Number(headers.TS), 60, request);
    expect(headers.PubKey).toBe(PUB);
    expect(ed25519.verify(nobleBytes(headers.SIG), new TextEncoder().encode(message), nobleBytes(PUB))).toBe(
      true,
    );
    const other = await signingMessage(PUB, Number(headers.TS), 60, { ...request, body: '{"a":2}' });
    expect(ed25519.verify(nobleBytes(headers.SIG), new TextEncoder().encode(other), nobleBytes(PUB))).toBe(
      false,
    );
  });
});

describe('WebCrypto and @noble', () => {
  it('give byte-identical public keys, digests and signatures', async () => {
    const webCrypto = webCryptoBackend(subtle);
    const messages = ['', 'a', BODY, '中文 ✓', 'x'.repeat(5000)].map((text) =>
      new TextEncoder().encode(text),
    );
    for (let i = 0; i < 8; i += 1) {
      const seed = ed25519.utils.randomSecretKey();
      expect(bytesToHex(await webCrypto.publicKey(seed))).toBe(nobleHex(await nobleBackend.publicKey(seed)));
      for (const message of messages) {
        expect(bytesToHex(await webCrypto.sign(message, seed))).toBe(
          nobleHex(await nobleBackend.sign(message, seed)),
        );
        expect(bytesToHex(await webCrypto.sha256(message))).toBe(
          nobleHex(await nobleBackend.sha256(message)),
        );
      }
    }
  });

  it('WebCrypto is used when it signs the known answer, @noble otherwise', async () => {
    expect((await checkedWebCrypto(subtle))?.name).toBe('webcrypto');
    expect(await checkedWebCrypto(undefined)).toBeNull();
    // A WebCrypto without Ed25519 (an older browser).
    const withoutEd25519 = {
      importKey: () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError')),
      digest: subtle.digest.bind(subtle),
    } as unknown as SubtleCrypto;
    expect(await checkedWebCrypto(withoutEd25519)).toBeNull();
    // One that signs wrong is not trusted either.
    const wrong = {
      importKey: subtle.importKey.bind(subtle),
      exportKey: subtle.exportKey.bind(subtle),
      sign: () => Promise.resolve(new ArrayBuffer(64)),
    } as unknown as SubtleCrypto;
    expect(await checkedWebCrypto(wrong)).toBeNull();
    // The test environment's own WebCrypto has Ed25519: the app signs with it (http.test.ts checks its signatures).
    expect((await signBackend()).name).toBe('webcrypto');
  });

  it('loads @noble where the page has no crypto.subtle (plain http to a LAN address)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      setSignBackend(null);
      expect((await signBackend()).name).toBe('noble');
      const headers = await signHeaders(SEED, { method: 'GET', path: '/yun/login/check/code' });
      expect(headers.PubKey).toBe(PUB);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads and writes hex as @noble does', () => {
    const bytes = ed25519.utils.randomSecretKey();
    expect(bytesToHex(bytes)).toBe(nobleHex(bytes));
    expect(hexToBytes(nobleHex(bytes))).toEqual(bytes);
    expect(hexToBytes('ABff')).toEqual(Uint8Array.of(0xab, 0xff));
    expect(() => hexToBytes('abc')).toThrow(RangeError);
    expect(() => hexToBytes('zz')).toThrow(RangeError);
  });
});
