// QR sign-in (docs/api.md "QR sign-in"). The sign-in page's calls are signed (no token yet): POST /user/QR/code makes
// a ticket bound to this tab's signing key, POST /user/QR/code/status polls it and, once confirmed, answers the
// session. The confirm page's calls carry the phone's token: POST /user/QR/code/scan and /user/QR/code/confirm.
// Plain calls, no TanStack Query: the sign-in page loads none.
import { APP_BASENAME } from '@/lib/config';
import { post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type QrCode = Schema<'QrCodeOut'>;
export type QrStatus = Schema<'QrStatusOut'>;
export type QrState = QrStatus['status'];
export type QrScan = Schema<'QrScanOut'>;

/** The code's key is only ever shown in the QR code's address: the console's own confirm page. */
export function qrLoginUrl(key: string, origin: string = window.location.origin): string {
  return `${origin}${APP_BASENAME}/qrLogin?key=${encodeURIComponent(key)}`;
}

export function createQrCode(): Promise<QrCode> {
  return post<QrCode>('/user/QR/code', undefined, { silent: true });
}

export function qrCodeStatus(key: string): Promise<QrStatus> {
  return post<QrStatus>('/user/QR/code/status', { key }, { silent: true });
}

export function scanQrCode(key: string): Promise<QrScan> {
  return post<QrScan>('/user/QR/code/scan', { key }, { silent: true });
}

export function confirmQrCode(key: string, accept: boolean): Promise<null> {
  return post<null>('/user/QR/code/confirm', { key, accept }, { silent: true });
}
