// The signature the server checks (docs/security.md): a known answer shared with tests/auth/test_signing.py.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { describe, expect, it } from 'vitest';

import { bodyDigest, keyPairFromHex, ServerClock, signHeaders, signingMessage } from './sign';

const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PUB = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const BODY = '{"username":"alice"}';
const BODY_SHA256 = '04c4be721c109ac0f746bb00d3906ebf1b396457615f213ffee6e3cb6019bf64';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SIG =
  '1c92bde9f4944d65fe71e9caff1c7fab121c76140453dff4c48c231e3ed65c60' +
  'dfc6e9e37767570f27608575a135b01471d1ba69694afa3a1d9a64603b830603';

describe('signing message', () => {
  it('covers key, time, method, path and the body digest', () => {
    const message = signingMessage(PUB, 1700000000000, 60, {
      method: 'post',
      path: '/yun/v2/user/login',
      body: BODY,
    });
    expect(message).toBe(`${PUB}\n1700000000000\n60\nPOST\n/yun/v2/user/login\n${BODY_SHA256}`);
  });

  it('signs the path without its query, and no body as the empty one', () => {
    const message = signingMessage(PUB, 1, 60, { method: 'GET', path: '/yun/login/check/code?x=1' });
    expect(message).toBe(`${PUB}\n1\n60\nGET\n/yun/login/check/code\n${EMPTY_SHA256}`);
    expect(bodyDigest(null)).toBe(EMPTY_SHA256);
    expect(bodyDigest(new TextEncoder().encode(BODY))).toBe(BODY_SHA256);
  });

  it('gives the same signature as the server computes', () => {
    const pair = keyPairFromHex(SEED);
    expect(pair.publicKeyHex).toBe(PUB);
    const message = signingMessage(PUB, 1700000000000, 60, {
      method: 'POST',
      path: '/yun/v2/user/login',
      body: BODY,
    });
    expect(bytesToHex(ed25519.sign(new TextEncoder().encode(message), pair.secretKey))).toBe(SIG);
  });

  it('signHeaders signs what it is given', () => {
    const clock = new ServerClock(() => 1700000000000);
    const request = { method: 'POST', path: '/user/register', body: '{"a":1}' };
    const headers = signHeaders(SEED, request, clock);
    const message = signingMessage(PUB, Number(headers.TS), 60, request);
    expect(headers.PubKey).toBe(PUB);
    expect(ed25519.verify(hexToBytes(headers.SIG), new TextEncoder().encode(message), hexToBytes(PUB))).toBe(
      true,
    );
    const other = signingMessage(PUB, Number(headers.TS), 60, { ...request, body: '{"a":2}' });
    expect(ed25519.verify(hexToBytes(headers.SIG), new TextEncoder().encode(other), hexToBytes(PUB))).toBe(
      false,
    );
  });
});
