// Test helper: a scripted WebSocket behind lib/ws's live-data client.
import { RtdClient, setRtdClient, type SocketLike } from '../lib/ws';

export class FakeSocket implements SocketLike {
  /** The sockets opened since the last installFakeRtd (or reset), oldest first. */
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** What the client sent, parsed. */
  sent: unknown[] = [];
  closedWith: number | undefined;

  /** The socket opened last. */
  static get last(): FakeSocket | undefined {
    return FakeSocket.all.at(-1);
  }

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  // --- driven by the test ---
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection drops (the server went away, or refused the token with 4401). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

/** Makes lib/ws open FakeSockets; undo with setRtdClient(null). */
export function installFakeRtd(): void {
  FakeSocket.all = [];
  setRtdClient(new RtdClient({ createSocket: (url) => new FakeSocket(url), url: () => 'ws://test' }));
}
