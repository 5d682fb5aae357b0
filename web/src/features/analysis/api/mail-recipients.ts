// The tenant's mail recipients as the schedule dialog uses them (P61100): the state of the addresses typed
// (POST /yun/mail/recipients/states: user, verified, pending or none), a verification sent to one
// (POST /yun/mail/recipients), the tenant's list (GET) and a removal (DELETE).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { del, get, post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type RecipientOut = Schema<'RecipientOut'>;
export type RequestOut = Schema<'RequestOut'>;
export type AddressStateOut = Schema<'AddressStateOut'>;

export const recipientKeys = {
  all: ['mail-recipients'] as const,
  list: () => [...recipientKeys.all, 'list'] as const,
  states: (emails: readonly string[]) => [...recipientKeys.all, 'states', [...emails]] as const,
};

export function getRecipientStates(emails: readonly string[]): Promise<AddressStateOut[]> {
  return post<AddressStateOut[]>('/yun/mail/recipients/states', { emails }, { silent: true });
}

export function useRecipientStates(emails: readonly string[], enabled = true) {
  return useQuery({
    queryKey: recipientKeys.states(emails),
    queryFn: () => getRecipientStates(emails),
    enabled: enabled && emails.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useRecipients(enabled = true) {
  return useQuery({
    queryKey: recipientKeys.list(),
    queryFn: () => get<RecipientOut[]>('/yun/mail/recipients'),
    enabled,
  });
}

/** Silent: the dialog shows a refusal (too frequent, a daily limit) next to the address. */
export function useRequestVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => post<RequestOut>('/yun/mail/recipients', { address }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: recipientKeys.all }),
  });
}

export function useRemoveRecipient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<null>('/yun/mail/recipients', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: recipientKeys.all }),
  });
}
