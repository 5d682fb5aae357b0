// Request signing for token-less calls (docs/security.md): Ed25519 over
// "PubKey\nTS\nTTL\nMETHOD\npath\nSHA-256(body)" with a server-adjusted clock.
//
// The browser's own WebCrypto signs when it has Ed25519 (Chromium 137+, Firefox 129+, Safari 17+; a secure
// context: https or localhost) and passes a known-answer check; otherwise @noble/curves and @noble/hashes, loaded
// then (lib/sign-noble.ts), so the first page does not carry them. Ed25519 signatures are deterministic (RFC 8032):
// both give the same bytes.
import { SIGN_TTL_SECONDS } from './constants';

/**
 * Server-adjusted clock. Sources, best first: GET /yun/sys/info/timestamp (every 10 s), the HTTP Date header
 * of any answer (second precision), the local clock.
 */
export class ServerClock {
  private offset = 0;
  private source: 'local' | 'date' | 'server' = 'local';

  constructor(private readonly localNow: () => number = () => Date.now()) {}

  /** serverMs was read between sentAt and receivedAt (local clock). */
  syncServer(serverMs: number, sentAt: number, receivedAt: number): void {
    if (!Number.isFinite(serverMs) || serverMs <= 0) return;
    const midpoint = sentAt + (receivedAt - sentAt) / 2;
    this.offset = serverMs - midpoint;
    this.source = 'server';
  }

  syncDateHeader(date: string | null | undefined): void {
    if (this.source === 'server' || !date) return;
    const ms = Date.parse(date);
    if (Number.isNaN(ms)) return;
    // The header is truncated to the second: its midpoint is the best estimate.
    this.offset = ms + 500 - this.localNow();
    this.source = 'date';
  }

  now(): number {
    return Math.round(this.localNow() + this.offset);
  }

  get currentSource(): 'local' | 'date' | 'server' {
    return this.source;
  }
}

export const serverClock = new ServerClock();

const lastTimestamps = new Map<string, number>();

/** TS for a key: the server-adjusted time, but always greater than the last one sent with that key. */
export function nextTimestamp(pubKeyHex: string, clock: ServerClock = serverClock): number {
  const now = clock.now();
  const last = lastTimestamps.get(pubKeyHex) ?? 0;
  const ts = now > last ? now : last + 1;
  lastTimestamps.set(pubKeyHex, ts);
  return ts;
}

// ---------------------------------------------------------------------------------------------------------
// Bytes and hex.

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('hex string expected');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

// ---------------------------------------------------------------------------------------------------------
// The two implementations.

/** What signing needs: SHA-256, and Ed25519 from a 32-byte seed. */
export interface SignBackend {
  readonly name: 'webcrypto' | 'noble';
  sha256(bytes: Uint8Array): Promise<Uint8Array>;
  publicKey(seed: Uint8Array): Promise<Uint8Array>;
  sign(message: Uint8Array, seed: Uint8Array): Promise<Uint8Array>;
}

/** DER header of a PKCS #8 Ed25519 private key (RFC 8410) before its 32-byte seed: WebCrypto imports no raw seed. */
const PKCS8_ED25519_PREFIX = hexToBytes('302e020100300506032b657004220420');
const ED25519 = { name: 'Ed25519' } as const;

/** Ed25519 and SHA-256 from WebCrypto (`subtle`), a key imported once per seed. */
export function webCryptoBackend(subtle: SubtleCrypto): SignBackend {
  const keys = new Map<string, Promise<CryptoKey>>();
  const privateKey = (seed: Uint8Array): Promise<CryptoKey> => {
    const id = bytesToHex(seed);
    let key = keys.get(id);
    if (!key) {
      const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
      der.set(PKCS8_ED25519_PREFIX);
      der.set(seed, PKCS8_ED25519_PREFIX.length);
      // Extractable so its JWK gives the public key (x), which WebCrypto derives no other way; the seed itself is
      // no secret to this page (sessionStorage or the session cookie hold it).
      key = subtle.importKey('pkcs8', der, ED25519, true, ['sign']);
      void key.catch(() => keys.delete(id));
      keys.set(id, key);
    }
    return key;
  };
  return {
    name: 'webcrypto',
    sha256: async (bytes) => new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)),
    publicKey: async (seed) => {
      const jwk = await subtle.exportKey('jwk', await privateKey(seed));
      if (!jwk.x) throw new Error('no public key in the JWK');
      return base64UrlToBytes(jwk.x);
    },
    sign: async (message, seed) =>
      new Uint8Array(await subtle.sign(ED25519, await privateKey(seed), message as Uint8Array<ArrayBuffer>)),
  };
}

// RFC 8032 §7.1, test 1: the seed, its public key and the signature of the empty message.
const KNOWN_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const KNOWN_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const KNOWN_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

/** WebCrypto when it signs the known answer right; null when it is missing or does not. */
export async function checkedWebCrypto(subtle: SubtleCrypto | undefined): Promise<SignBackend | null> {
  if (!subtle) return null;
  try {
    const backend = webCryptoBackend(subtle);
    const seed = hexToBytes(KNOWN_SEED);
    const [publicKey, signature] = await Promise.all([
      backend.publicKey(seed),
      backend.sign(new Uint8Array(), seed),
    ]);
    return bytesToHex(publicKey) === KNOWN_PUBLIC && bytesToHex(signature) === KNOWN_SIGNATURE
      ? backend
      : null;
  } catch {
    return null;
  }
}

let chosen: Promise<SignBackend> | null = null;

/** The implementation in use, chosen at the first signature. */
export function signBackend(): Promise<SignBackend> {
  if (!chosen) {
    // crypto.subtle is undefined outside a secure context (plain http to a LAN address).
    const subtle = (crypto as Partial<Crypto>).subtle;
    const choice = checkedWebCrypto(subtle).then(
      async (webCrypto) => webCrypto ?? (await import('./sign-noble')).nobleBackend,
    );
    // A failed load (the noble chunk while offline) is tried again at the next signature.
    void choice.catch(() => {
      if (chosen === choice) chosen = null;
    });
    chosen = choice;
  }
  return chosen;
}

/** Test helper: use this implementation (null: choose again). */
export function setSignBackend(backend: SignBackend | null): void {
  chosen = backend ? Promise.resolve(backend) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Keys and signatures.

export interface KeyPair {
  secretKey: Uint8Array;
  publicKeyHex: string;
}

const keyCache = new Map<string, Promise<KeyPair>>();

/** Key pair from a hex secret: a 32-byte seed, or a 64-byte seed‖public key (NaCl layout). */
export function keyPairFromHex(secretHex: string): Promise<KeyPair> {
  let pair = keyCache.get(secretHex);
  if (!pair) {
    const bytes = hexToBytes(secretHex.trim());
    const secretKey = bytes.length === 64 ? bytes.slice(0, 32) : bytes;
    pair = signBackend()
      .then((backend) => backend.publicKey(secretKey))
      .then((publicKey) => ({ secretKey, publicKeyHex: bytesToHex(publicKey) }));
    void pair.catch(() => keyCache.delete(secretHex));
    keyCache.set(secretHex, pair);
  }
  return pair;
}

export const EPHEMERAL_KEY_STORAGE = 'iotyun.ephemeral-key';

/** The browser's own key pair, generated once per tab and kept in sessionStorage. */
export function ephemeralKeyPair(storage: Storage = window.sessionStorage): Promise<KeyPair> {
  let secretHex = storage.getItem(EPHEMERAL_KEY_STORAGE);
  if (secretHex?.length !== 64) {
    secretHex = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
    storage.setItem(EPHEMERAL_KEY_STORAGE, secretHex);
  }
  return keyPairFromHex(secretHex);
}

/** What a signature covers besides the key and time: the request itself. */
export interface SignedRequest {
  method: string;
  /** The path below the API base, without the query (e.g. /yun/v2/user/login). */
  path: string;
  /** The exact body sent: a string is signed as its UTF-8 bytes; none signs the empty body. */
  body?: string | Uint8Array | null;
}

/** Lower-case hex SHA-256 of a request body. */
export async function bodyDigest(body?: string | Uint8Array | null): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : (body ?? new Uint8Array());
  return bytesToHex(await (await signBackend()).sha256(bytes));
}

export async function signingMessage(
  pubKeyHex: string,
  ts: number,
  ttl: number,
  request: SignedRequest,
): Promise<string> {
  const path = request.path.split('?', 1)[0] ?? '';
  return [
    pubKeyHex,
    String(ts),
    String(ttl),
    request.method.toUpperCase(),
    path,
    await bodyDigest(request.body),
  ].join('\n');
}

export interface SignedHeaders {
  TS: string;
  TTL: string;
  SIG: string;
  PubKey: string;
  Version: 'V2';
  RequestType: 'Web';
  [header: string]: string;
}

/** Headers of a signed request; sessionSecretHex is the session's pri_key when the browser holds one. */
export async function signHeaders(
  sessionSecretHex: string | null | undefined,
  request: SignedRequest,
  clock: ServerClock = serverClock,
): Promise<SignedHeaders> {
  const pair = await (sessionSecretHex ? keyPairFromHex(sessionSecretHex) : ephemeralKeyPair());
  const ts = nextTimestamp(pair.publicKeyHex, clock);
  const message = await signingMessage(pair.publicKeyHex, ts, SIGN_TTL_SECONDS, request);
  const signature = await (await signBackend()).sign(new TextEncoder().encode(message), pair.secretKey);
  return {
    TS: String(ts),
    TTL: String(SIGN_TTL_SECONDS),
    SIG: bytesToHex(signature),
    PubKey: pair.publicKeyHex,
    Version: 'V2',
    RequestType: 'Web',
  };
}
