// Query keys of the message centre's "sent and notices" page (/info/systemMsg): the bulletin board, the sent box and
// the recipient pickers' look-ups, under the info feature's keys.
import type { BoardParams, RecipientKind, SentParams } from './system-msg-types';
import { infoKeys } from './keys';

export const systemMsgKeys = {
  board: () => [...infoKeys.all, 'board'] as const,
  boardList: (params: BoardParams) => [...systemMsgKeys.board(), 'list', params] as const,
  sent: () => [...infoKeys.all, 'sent'] as const,
  sentList: (params: SentParams) => [...systemMsgKeys.sent(), 'list', params] as const,
  recipients: (kind: RecipientKind, q = '') => [...infoKeys.all, 'recipients', kind, q] as const,
};
