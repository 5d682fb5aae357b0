// The one WebSocket client (DESIGN §2 lib/ws): /api/v2/ws/web/rtd for live values, device states, alarm pushes,
// the user's inbox changes (the bell's unread count) and the tenant's brand changes.
// One shared connection per tab, opened by the first subscriber and closed when none remain. The token goes in the
// first frame, never in the URL (URLs end up in access logs); once the server answers `ready` the client sends its
// subscriptions. It reconnects with backoff, pings every 25 s, and stops for good on 4401 (token invalid or the
// session ended) and 4403 (the user no longer holds a permission the live channel needs: P10000, P73000 or P71000).
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

import type { components } from '@/types/api.gen';
import type { AlarmOut } from './alarms/types';
import { apiBase } from './config';
import { sessionStore } from './session';

export const WS_PATH = '/v2/ws/web/rtd';
export const PING_INTERVAL_MS = 25_000;
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** The server's close code for a missing, invalid, expired or revoked token: reconnecting would not help. */
export const CLOSE_UNAUTHORIZED = 4401;
/** The server's close code when the user holds none of P10000, P73000 and P71000 any more: reconnecting would not
 * help. */
export const CLOSE_FORBIDDEN = 4403;
/** Closing waits this long after the last subscriber leaves, so a page switch (or StrictMode) keeps the socket. */
export const CLOSE_LINGER_MS = 1_000;
const CLOSE_NORMAL = 1000;

// --- messages --------------------------------------------------------------------------------------------------
// Every frame either way is generated from the server's models (iotyun/telemetry/ws_schemas.py → api.gen.ts):
// a server frame is one of RtdMessage (by `type`), a client frame one of RtdRequest (by `op`).

type Schemas = components['schemas'];

/** One value of a data source: `v` value, `ts` epoch ms, `q` quality (0 good, 1 bad, 2 stale). */
export type LiveValue = Schemas['LiveValue'];

export type RtdMessage = Schemas['RtdMessage'];

export type RtdRequest = Schemas['RtdRequest'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isValues = (v: unknown): v is LiveValue[] =>
  Array.isArray(v) && v.every((x) => isRecord(x) && typeof x.id === 'number');

/** A server frame as a typed message, or null for anything malformed or unknown (ignored). */
export function parseMessage(data: unknown): RtdMessage | null {
  if (typeof data !== 'string') return null;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  switch (body.type) {
    case 'snapshot':
    case 'values':
      return typeof body.device_id === 'number' && isValues(body.values) ? (body as RtdMessage) : null;
    case 'state':
      return typeof body.device_id === 'number' ? (body as RtdMessage) : null;
    case 'alarm':
      return isRecord(body.alarm) && typeof body.alarm.id === 'number' ? (body as RtdMessage) : null;
    case 'brand':
      return typeof body.version === 'number' ? (body as RtdMessage) : null;
    case 'ready':
    case 'message':
    case 'error':
    case 'pong':
      return body as RtdMessage;
    default:
      return null;
  }
}

// --- addresses -------------------------------------------------------------------------------------------------

/** ws(s)://host/api/v2/ws/web/rtd from the REST base (relative or absolute), as the page is http(s). No token:
 * it travels in the first frame. */
export function rtdUrl(base: string = apiBase(), pageUrl: string = window.location.href): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${WS_PATH}`, pageUrl);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** 1 s, 2 s, 4 s, … up to 30 s for the n-th consecutive failed attempt (0-based). */
export function backoffDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
}

// --- client ----------------------------------------------------------------------------------------------------

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export type RtdStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

export interface DeviceLive {
  /** Latest value by data source id. */
  values: Readonly<Record<number, LiveValue>>;
  devState: number | null;
  /** True once the device's snapshot arrived on the current connection. */
  ready: boolean;
  /** The server's error code when it refused or ended the subscription (110506: not readable, 100015: no P10000);
   * the values are dropped with it. */
  error: number | null;
}

export const EMPTY_LIVE: DeviceLive = Object.freeze({
  values: {},
  devState: null,
  ready: false,
  error: null,
});

interface DeviceEntry {
  /** Subscriber → the data sources it wants (null: all). */
  subs: Map<number, readonly number[] | null>;
  listeners: Set<() => void>;
  live: DeviceLive;
  /** What was last sent for this device on the open socket ('' all, else the ids joined), or undefined. */
  sent: string | undefined;
}

export interface RtdClientOptions {
  createSocket?: SocketFactory;
  getToken?: () => string;
  url?: () => string;
}

const OPEN = 1;

function byId(values: readonly LiveValue[], into: Record<number, LiveValue> = {}): Record<number, LiveValue> {
  for (const value of values) into[value.id] = value;
  return into;
}

export class RtdClient {
  private readonly createSocket: SocketFactory;
  private readonly getToken: () => string;
  private readonly url: () => string;

  private socket: SocketLike | null = null;
  private status: RtdStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private alarmsSent = false;
  private messagesSent = false;
  private seq = 0;

  private readonly devices = new Map<number, DeviceEntry>();
  private readonly alarmListeners = new Set<(alarm: AlarmOut) => void>();
  private readonly messageListeners = new Set<() => void>();
  private readonly brandListeners = new Set<() => void>();
  /** Whether a connection of this client was ready before: the next `ready` is a reconnection. */
  private wasReady = false;
  private readonly statusListeners = new Set<() => void>();

  constructor(options: RtdClientOptions = {}) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.getToken = options.getToken ?? (() => sessionStore.getState().token);
    this.url = options.url ?? (() => rtdUrl());
  }

  // --- public API --------------------------------------------------------------------------------------------

  getStatus = (): RtdStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  /** The latest values and state of a device (a stable object until something changes). */
  getDevice(deviceId: number): DeviceLive {
    return this.devices.get(deviceId)?.live ?? EMPTY_LIVE;
  }

  /** Subscribes to a device's values (all, or `sources`) and state; `onChange` runs on every update. */
  subscribeDevice(deviceId: number, sources: readonly number[] | null, onChange: () => void): () => void {
    let entry = this.devices.get(deviceId);
    if (!entry) {
      entry = { subs: new Map(), listeners: new Set(), live: EMPTY_LIVE, sent: undefined };
      this.devices.set(deviceId, entry);
    }
    this.seq += 1;
    const token = this.seq;
    entry.subs.set(token, sources && sources.length > 0 ? [...sources] : null);
    entry.listeners.add(onChange);
    this.syncDevice(deviceId, entry);
    this.ensureOpen();
    return () => {
      const current = this.devices.get(deviceId);
      if (!current) return;
      current.subs.delete(token);
      current.listeners.delete(onChange);
      if (current.subs.size === 0) {
        this.devices.delete(deviceId);
        if (current.sent !== undefined) this.send({ op: 'unsub', devices: [deviceId] });
      } else {
        this.syncDevice(deviceId, current);
      }
      this.maybeClose();
    };
  }

  /** Receives every alarm push (produced, recovered, confirmed) of the devices the user reads. */
  subscribeAlarms(listener: (alarm: AlarmOut) => void): () => void {
    this.alarmListeners.add(listener);
    if (!this.alarmsSent && this.isOpen()) this.sendAlarmSub();
    this.ensureOpen();
    return () => {
      this.alarmListeners.delete(listener);
      // The protocol has no alarm unsubscribe: pushes nobody listens to are dropped until the socket closes.
      this.maybeClose();
    };
  }

  /** Hears that the user's inbox changed (a message arrived, or some were read or deleted, in any tab): the listener
   * reads the counts again. Needs P71000; without it the server answers an error frame (`messages: true`) and the
   * listener is simply never called. */
  subscribeMessages(listener: () => void): () => void {
    this.messageListeners.add(listener);
    if (!this.messagesSent && this.isOpen()) this.sendMessageSub();
    this.ensureOpen();
    return () => {
      this.messageListeners.delete(listener);
      // No unsubscribe either (as for alarms): the frames nobody listens to are dropped until the socket closes.
      this.maybeClose();
    };
  }

  /** Hears that the tenant's brand changed (saved or reset by someone, in any tab), and every reconnection (it may
   * have changed meanwhile): the listener reads the brand again. It does not hold the socket open: it hears what
   * reaches a socket the console keeps for its other listeners (the bell, the alarm banner, live values). */
  hearBrand(listener: () => void): () => void {
    this.brandListeners.add(listener);
    return () => {
      this.brandListeners.delete(listener);
    };
  }

  /** The session changed (sign-in, sign-out, simulated login): start over with the current token. */
  restart(): void {
    this.teardown();
    this.attempt = 0;
    this.wasReady = false;
    this.setStatus('idle');
    if (this.hasSubscribers()) this.connect();
  }

  /** Closes the socket and forgets every subscription (tests, sign-out). */
  dispose(): void {
    this.devices.clear();
    this.alarmListeners.clear();
    this.messageListeners.clear();
    this.brandListeners.clear();
    this.wasReady = false;
    this.teardown();
    this.setStatus('idle');
  }

  // --- connection ----------------------------------------------------------------------------------------------

  private hasSubscribers(): boolean {
    return this.devices.size > 0 || this.alarmListeners.size > 0 || this.messageListeners.size > 0;
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN && this.status === 'open';
  }

  private setStatus(status: RtdStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private ensureOpen(): void {
    if (this.lingerTimer !== null) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = null;
    }
    if (this.socket || this.reconnectTimer !== null || this.status === 'unauthorized') return;
    this.connect();
  }

  private maybeClose(): void {
    if (this.hasSubscribers() || this.lingerTimer !== null) return;
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.hasSubscribers()) return;
      this.teardown();
      this.attempt = 0;
      if (this.status !== 'unauthorized') this.setStatus('idle');
    }, CLOSE_LINGER_MS);
  }

  /** Stops timers and closes the socket without reconnecting. */
  private teardown(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    if (this.lingerTimer !== null) clearTimeout(this.lingerTimer);
    this.reconnectTimer = null;
    this.lingerTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.alarmsSent = false;
    this.messagesSent = false;
    for (const entry of this.devices.values()) entry.sent = undefined;
    if (socket) {
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      try {
        socket.close(CLOSE_NORMAL);
      } catch {
        // Closing a socket that never opened may throw in some browsers; it is gone either way.
      }
    }
  }

  private connect(): void {
    const token = this.getToken();
    if (!token) {
      this.setStatus('idle');
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // The token goes in the first frame; the server answers `ready` (then subscriptions follow) or closes 4401.
      socket.send(JSON.stringify({ op: 'auth', token } satisfies RtdRequest));
    };
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) this.handle(message);
    };
    socket.onclose = (event) => {
      this.onClosed(socket, event.code);
    };
    socket.onerror = () => undefined;
  }

  private onClosed(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.stopPing();
    this.alarmsSent = false;
    this.messagesSent = false;
    for (const entry of this.devices.values()) {
      entry.sent = undefined;
      // The values stay on screen; the next snapshot replaces them.
      if (entry.live.ready) this.update(entry, { ...entry.live, ready: false });
    }
    if (code === CLOSE_UNAUTHORIZED || code === CLOSE_FORBIDDEN) {
      this.setStatus('unauthorized');
      return;
    }
    if (!this.hasSubscribers()) {
      this.setStatus('idle');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.hasSubscribers()) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      this.send({ op: 'ping' });
    }, PING_INTERVAL_MS);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private send(request: RtdRequest): boolean {
    if (!this.isOpen() || !this.socket) return false;
    this.socket.send(JSON.stringify(request));
    return true;
  }

  private sendAlarmSub(): void {
    this.alarmsSent = this.send({ op: 'sub', alarms: true });
  }

  private sendMessageSub(): void {
    this.messagesSent = this.send({ op: 'sub', messages: true });
  }

  /** Sends the device's subscription when it is new or its wanted data sources changed. */
  private syncDevice(deviceId: number, entry: DeviceEntry): void {
    const wanted = wantedSources(entry);
    const signature = wanted === null ? '' : wanted.join(',');
    if (entry.sent === signature) return;
    const request: RtdRequest =
      wanted === null
        ? { op: 'sub', devices: [deviceId] }
        : { op: 'sub', devices: [deviceId], sources: wanted };
    if (this.send(request)) entry.sent = signature;
  }

  // --- messages ------------------------------------------------------------------------------------------------

  private update(entry: DeviceEntry, live: DeviceLive): void {
    entry.live = live;
    for (const listener of [...entry.listeners]) listener();
  }

  /** The server accepted the token: the connection is usable. */
  private onReady(): void {
    if (this.status === 'open') return;
    this.attempt = 0;
    this.setStatus('open');
    this.startPing();
    if (this.wasReady) for (const listener of [...this.brandListeners]) listener();
    this.wasReady = true;
    for (const [deviceId, entry] of this.devices) this.syncDevice(deviceId, entry);
    if (this.alarmListeners.size > 0) this.sendAlarmSub();
    if (this.messageListeners.size > 0) this.sendMessageSub();
  }

  private handle(message: RtdMessage): void {
    switch (message.type) {
      case 'ready':
        this.onReady();
        return;
      case 'snapshot': {
        const entry = this.devices.get(message.device_id);
        if (entry)
          this.update(entry, {
            values: byId(message.values),
            devState: message.dev_state,
            ready: true,
            error: null,
          });
        return;
      }
      case 'values': {
        const entry = this.devices.get(message.device_id);
        if (entry)
          this.update(entry, { ...entry.live, values: byId(message.values, { ...entry.live.values }) });
        return;
      }
      case 'state': {
        const entry = this.devices.get(message.device_id);
        if (entry) this.update(entry, { ...entry.live, devState: message.dev_state });
        return;
      }
      case 'alarm': {
        // The generated alarm types alarm_type as a number; the server sends only 1, 2 or 3 (alarms/models.py).
        const alarm = message.alarm as AlarmOut;
        for (const listener of [...this.alarmListeners]) listener(alarm);
        return;
      }
      case 'message':
        for (const listener of [...this.messageListeners]) listener();
        return;
      case 'brand':
        for (const listener of [...this.brandListeners]) listener();
        return;
      case 'error': {
        // A refused subscription, or one the server ended because the right to read the device ended. One about the
        // alarm pushes (`alarms`) or the inbox (`messages`) ends only those: their listeners hear nothing more.
        const entry = message.device_id === undefined ? undefined : this.devices.get(message.device_id);
        if (entry) this.update(entry, { values: {}, devState: null, ready: false, error: message.code });
        return;
      }
      case 'pong':
        return;
    }
  }
}

/** The union of what the subscribers want: null (all) when any wants all. */
function wantedSources(entry: DeviceEntry): number[] | null {
  const ids = new Set<number>();
  for (const sources of entry.subs.values()) {
    if (sources === null) return null;
    for (const id of sources) ids.add(id);
  }
  return ids.size === 0 ? null : [...ids].sort((a, b) => a - b);
}

// --- the tab's client ------------------------------------------------------------------------------------------

let shared: RtdClient | null = null;
let unsubscribeSession: (() => void) | null = null;

/** The tab's one client; it starts over whenever the session token changes. */
export function rtdClient(): RtdClient {
  if (!shared) {
    shared = new RtdClient();
    unsubscribeSession = sessionStore.subscribe((state, prev) => {
      if (state.token !== prev.token) shared?.restart();
    });
  }
  return shared;
}

/** Replaces the tab's client (tests pass one with a fake socket); null drops it. */
export function setRtdClient(client: RtdClient | null): void {
  shared?.dispose();
  unsubscribeSession?.();
  unsubscribeSession = null;
  shared = client;
}

// --- hooks -----------------------------------------------------------------------------------------------------

export interface LiveDevice {
  /** Latest values by data source id (only `sourceIds` when given). */
  values: Readonly<Record<number, LiveValue>>;
  devState: number | null;
  ready: boolean;
  error: number | null;
}

const NOOP_UNSUBSCRIBE = () => undefined;

/** Live values and state of a device while the component is mounted (null: nothing). */
export function useLiveDevice(deviceId: number | null, sourceIds?: readonly number[]): LiveDevice {
  const client = rtdClient();
  const key = sourceIds && sourceIds.length > 0 ? [...sourceIds].sort((a, b) => a - b).join(',') : '';
  const sources = useMemo(() => (key ? key.split(',').map(Number) : null), [key]);
  const subscribe = useCallback(
    (onChange: () => void) =>
      deviceId === null ? NOOP_UNSUBSCRIBE : client.subscribeDevice(deviceId, sources, onChange),
    [client, deviceId, sources],
  );
  const getSnapshot = useCallback(
    () => (deviceId === null ? EMPTY_LIVE : client.getDevice(deviceId)),
    [client, deviceId],
  );
  const live = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const values = useMemo(() => {
    if (!sources) return live.values;
    const out: Record<number, LiveValue> = {};
    for (const id of sources) {
      const value = live.values[id];
      if (value) out[id] = value;
    }
    return out;
  }, [live.values, sources]);
  return { values, devState: live.devState, ready: live.ready, error: live.error };
}

/** Calls `callback` with every alarm push while mounted (and `enabled`). */
export function useAlarmFeed(callback: (alarm: AlarmOut) => void, enabled = true): void {
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return rtdClient().subscribeAlarms((alarm) => {
      ref.current(alarm);
    });
  }, [enabled]);
}

/** Calls `callback` whenever the user's inbox changed, while mounted (and `enabled`: the user holds P71000). */
export function useInboxPush(callback: () => void, enabled = true): void {
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return rtdClient().subscribeMessages(() => {
      ref.current();
    });
  }, [enabled]);
}

/** Calls `callback` whenever the tenant's brand changed or the socket reconnected, while mounted. */
export function useBrandPush(callback: () => void): void {
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  useEffect(
    () =>
      rtdClient().hearBrand(() => {
        ref.current();
      }),
    [],
  );
}

/** The connection's state (for a "live" indicator). */
export function useRtdStatus(): RtdStatus {
  const client = rtdClient();
  return useSyncExternalStore(client.subscribeStatus, client.getStatus, client.getStatus);
}
