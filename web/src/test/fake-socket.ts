// Test helper: a scripted WebSocket behind lib/ws's live-data client.
import { RtdClient, setRtdClient, type SocketLike } from '@/lib/ws';

export class FakeSocket implements SocketLike {
  /** The sockets opened since the last installFakeRtd (or reset), oldest first. */
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** What the client sent after its auth frame, parsed. */
  sent: unknown[] = [];
  /** The token of the client's auth frame (the first frame), once sent. */
  token: string | undefined;
  closedWith: number | undefined;

  /** The socket opened last. */
  static get last(): FakeSocket | undefined {
    return FakeSocket.all.at(-1);
  }

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    const frame = JSON.parse(data) as { op?: string; token?: string };
    if (frame.op === 'auth') this.token = frame.token;
    else this.sent.push(frame);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  // --- driven by the test ---
  /** The connection opens and the server accepts the client's token (`ready`). */
  open(): void {
    this.connect();
    this.receive({ type: 'ready' });
  }

  /** The connection opens; the server has not answered the auth frame yet. */
  connect(): void {
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
