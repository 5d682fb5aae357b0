// What the inbox shows of a message: its title and text in the reader's language (a message the server wrote names
// a text key with its parameters; one a user wrote is shown as written) and the console page it is about.
import type { TFunction } from 'i18next';

import { saveBlob } from '@/lib/download';
import { getBlob } from '@/lib/http';
import { MESSAGE_KINDS } from '@/types/limits.gen';
import type { MessageKind, MessageOut } from '../types';

/** The kinds in the server's order (core/limits.py MESSAGE_KINDS). */
export const KINDS = MESSAGE_KINDS as readonly MessageKind[];

export const KIND_COLORS: Record<MessageKind, string> = {
  alarm: 'red',
  notice: 'blue',
  message: 'geekblue',
  share: 'cyan',
  handover: 'purple',
  export: 'green',
  report: 'gold',
  upgrade: 'orange',
};

/** The title and body as the reader reads them. */
export function messageText(t: TFunction, message: MessageOut): { title: string; body: string } {
  if (!message.text_key) return { title: message.title, body: message.body };
  const params = message.params as Record<string, unknown>;
  return {
    title: t(`${message.text_key}.title`, { ...params, defaultValue: message.title || message.text_key }),
    body: t(`${message.text_key}.body`, { ...params, defaultValue: message.body }),
  };
}

/** The console page a message is about, or null when it has none. */
export function messageLink(message: Pick<MessageOut, 'link_type' | 'link_id'>): string | null {
  const id = message.link_id;
  switch (message.link_type) {
    case 'device':
      return id === null ? null : `/deviceDetail/${String(id)}`;
    case 'alarm':
      return '/info/realTimeFault';
    case 'template':
      return '/configureManage/devTemplate';
    case 'export':
      return '/exportCenter';
    case 'report':
      return '/analysis/dashChart';
    case 'notice':
      return '/info/systemMsg';
    case 'upgrade':
      return id === null ? '/software/upgrade' : `/software/upgrade?id=${String(id)}`;
    default:
      return null;
  }
}

/** A "new PC client" message (link `software`): fetch the published package it names and save it under its name. */
export async function downloadSoftware(message: Pick<MessageOut, 'link_id' | 'params'>): Promise<void> {
  const params: Record<string, unknown> = message.params;
  const name = typeof params.file_name === 'string' && params.file_name ? params.file_name : 'iotyun-client';
  const blob = await getBlob('/software/version/file', { id: message.link_id });
  saveBlob(blob, name);
}
