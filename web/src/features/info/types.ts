// Shapes of the user log payloads in docs/api-team.md: the payloads are the server's schemas
// (api.gen.ts through types/schema.ts); filters, params and form values are the console's own.
import type { Schema } from '@/types/schema';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type UserLogOut = Schema<'UserLogOut'>;

export interface UserLogParams {
  page: number;
  page_size: number;
  user_id?: number;
  action?: string;
  /** Epoch ms, inclusive. */
  start?: number;
  /** Epoch ms, inclusive. */
  end?: number;
}

/** The fields of a user the log filter needs (GET /yun/userInfo items). */
export interface LogUserOption {
  id: number;
  user_name: string;
  nick_name: string | null;
}

/** The fields of a device the fault page's device filter needs (GET /dev items). */
export interface AlarmDeviceOption {
  id: number;
  sn_code: string;
  alias: string;
}

export type MessageOut = Schema<'MessageOut'>;
export type InboxOut = Schema<'InboxOut'>;
export type MessageKind = MessageOut['kind'];

export interface InboxParams {
  page: number;
  page_size: number;
  kind?: MessageKind;
  /** true: read only; false: unread only. */
  read?: boolean;
  /** Epoch ms, inclusive. */
  start?: number;
  /** Epoch ms, inclusive. */
  end?: number;
}
