// Query keys of the info feature.
import type { InboxParams, UserLogParams } from '../types';

export const infoKeys = {
  all: ['info'] as const,
  userLog: () => [...infoKeys.all, 'user-log'] as const,
  userLogList: (params: UserLogParams) => [...infoKeys.userLog(), 'list', params] as const,
  logUsers: () => [...infoKeys.all, 'log-users'] as const,
  inbox: () => [...infoKeys.all, 'inbox'] as const,
  inboxList: (params: InboxParams) => [...infoKeys.inbox(), 'list', params] as const,
};
