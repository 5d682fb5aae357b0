// Shapes of the user log payloads in docs/api-team.md (hand-written until api.gen.ts covers them).

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface UserLogOut {
  id: number;
  /** Epoch ms. */
  time: number;
  user_id: number;
  user_name: string;
  /** The administrator acting through a simulated login, else null. */
  actor_name: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown> | null;
  ip: string;
}

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
