// The signing fallback (lib/sign.ts) where WebCrypto has no Ed25519 or no SHA-256 (outside a secure context):
// @noble/curves and @noble/hashes, in a chunk of their own loaded only then.
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';

import type { SignBackend } from './sign';

export const nobleBackend: SignBackend = {
  name: 'noble',
  sha256: (bytes) => Promise.resolve(sha256(bytes)),
  publicKey: (seed) => Promise.resolve(ed25519.getPublicKey(seed)),
  sign: (message, seed) => Promise.resolve(ed25519.sign(message, seed)),
};
