// Shapes of the bulletin board and the sent box (docs/api-messages.md): the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); the list parameters are the console's own.
import type { Schema } from '@/types/schema';

export type NoticeOut = Schema<'NoticeOut'>;
export type NoticeIn = Schema<'NoticeIn'>;
export type BoardOut = Schema<'BoardOut'>;
export type NoticeState = NoticeOut['state'];

export type SentOut = Schema<'SentOut'>;
export type SendIn = Schema<'SendIn'>;
export type SentPage = Schema<'Page_SentOut_'>;
export type SentDeleteOut = Schema<'SentDeleteOut'>;
export type AddresseeOut = Schema<'AddresseeOut'>;

/** The notice states in the order a notice goes through them (core/limits.py NoticeState). */
export const NOTICE_STATES: readonly NoticeState[] = ['unsent', 'scheduled', 'sent'];

export interface BoardParams {
  page: number;
  page_size: number;
  state?: NoticeState;
  /** Words in the title or the text. */
  q?: string;
}

export interface SentParams {
  page: number;
  page_size: number;
  /** Words in the title or the text. */
  q?: string;
}

/** Whom a written message is addressed to: users, roles (their users) and user groups (with their sub-groups). */
export type RecipientKind = 'user' | 'role' | 'group';
