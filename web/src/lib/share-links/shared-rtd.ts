// A share link's page's own live channel (a shared configuration's or dashboard's): an RtdClient on /sharedComponentsWs
// with the link's token in its first frame (the frames are /v2/ws/web/rtd's). When the link is revoked or expires the
// server sends an error frame with 118301–118305 and closes with 4401: the client stops, and `onEnded` hears the code
// (118301 when none came).
import { apiBase } from '../config';
import { CLOSE_UNAUTHORIZED, parseMessage, RtdClient, type SocketFactory, type SocketLike } from '../ws';
import { isShareEndCode, SHARE_LINK_INVALID } from './share-codes';

export const SHARED_WS_PATH = '/sharedComponentsWs';

/** ws(s)://host/api/sharedComponentsWs from the REST base, as the page is http(s). */
export function sharedRtdUrl(base: string = apiBase(), pageUrl: string = window.location.href): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${SHARED_WS_PATH}`, pageUrl);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A socket as the client sees it, its frames and its close heard on the way for the link's end code. */
class WatchedSocket implements SocketLike {
  private lastCode: number | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(
    private readonly socket: SocketLike,
    private readonly onEnded: (code: number) => void,
  ) {
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message?.type === 'error' && isShareEndCode(message.code)) this.lastCode = message.code;
      this.onmessage?.(event);
    };
    socket.onclose = (event) => {
      this.onclose?.(event);
      if (event.code === CLOSE_UNAUTHORIZED) this.onEnded(this.lastCode ?? SHARE_LINK_INVALID);
    };
  }

  get readyState(): number {
    return this.socket.readyState;
  }
  get onopen() {
    return this.socket.onopen;
  }
  set onopen(handler: ((event: Event) => void) | null) {
    this.socket.onopen = handler;
  }
  get onerror() {
    return this.socket.onerror;
  }
  set onerror(handler: ((event: Event) => void) | null) {
    this.socket.onerror = handler;
  }
  send(data: string): void {
    this.socket.send(data);
  }
  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
}

export interface SharedRtdOptions {
  token: string;
  onEnded: (code: number) => void;
  createSocket?: SocketFactory;
  url?: () => string;
}

export function createSharedRtd({
  token,
  onEnded,
  createSocket = (url) => new WebSocket(url),
  url = () => sharedRtdUrl(),
}: SharedRtdOptions): RtdClient {
  return new RtdClient({
    url,
    getToken: () => token,
    createSocket: (address) => new WatchedSocket(createSocket(address), onEnded),
  });
}
