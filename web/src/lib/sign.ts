// Request signing for token-less calls (docs/security.md): Ed25519 over
// "PubKey\nTS\nTTL\nMETHOD\npath\nSHA-256(body)" with a server-adjusted clock.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';

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

export interface KeyPair {
  secretKey: Uint8Array;
  publicKeyHex: string;
}

const keyCache = new Map<string, KeyPair>();

/** Key pair from a hex secret: a 32-byte seed, or a 64-byte seed‖public key (NaCl layout). */
export function keyPairFromHex(secretHex: string): KeyPair {
  const cached = keyCache.get(secretHex);
  if (cached) return cached;
  const bytes = hexToBytes(secretHex.trim());
  const secretKey = bytes.length === 64 ? bytes.slice(0, 32) : bytes;
  const pair = { secretKey, publicKeyHex: bytesToHex(ed25519.getPublicKey(secretKey)) };
  keyCache.set(secretHex, pair);
  return pair;
}

export const EPHEMERAL_KEY_STORAGE = 'iotyun.ephemeral-key';

/** The browser's own key pair, generated once per tab and kept in sessionStorage. */
export function ephemeralKeyPair(storage: Storage = window.sessionStorage): KeyPair {
  let secretHex = storage.getItem(EPHEMERAL_KEY_STORAGE);
  if (secretHex?.length !== 64) {
    secretHex = bytesToHex(ed25519.utils.randomSecretKey());
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
export function bodyDigest(body?: string | Uint8Array | null): string {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : (body ?? new Uint8Array());
  return bytesToHex(sha256(bytes));
}

export function signingMessage(pubKeyHex: string, ts: number, ttl: number, request: SignedRequest): string {
  const path = request.path.split('?', 1)[0] ?? '';
  return [
    pubKeyHex,
    String(ts),
    String(ttl),
    request.method.toUpperCase(),
    path,
    bodyDigest(request.body),
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
export function signHeaders(
  sessionSecretHex: string | null | undefined,
  request: SignedRequest,
  clock: ServerClock = serverClock,
): SignedHeaders {
  const pair = sessionSecretHex ? keyPairFromHex(sessionSecretHex) : ephemeralKeyPair();
  const ts = nextTimestamp(pair.publicKeyHex, clock);
  const msg = new TextEncoder().encode(signingMessage(pair.publicKeyHex, ts, SIGN_TTL_SECONDS, request));
  return {
    TS: String(ts),
    TTL: String(SIGN_TTL_SECONDS),
    SIG: bytesToHex(ed25519.sign(msg, pair.secretKey)),
    PubKey: pair.publicKeyHex,
    Version: 'V2',
    RequestType: 'Web',
  };
}
