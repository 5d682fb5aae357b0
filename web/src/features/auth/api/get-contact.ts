// GET /user/phoneTel: the signed-in user's phone and email, masked (138****5678, z***@example.com), for the binding
// dialog; binding changes them (bind-account.ts drops this query).
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type Contact = Schema<'ContactOut'>;

export const CONTACT_KEY = ['user', 'contact'] as const;

export function getContact(): Promise<Contact> {
  return get<Contact>('/user/phoneTel', undefined, { silent: true });
}

export function useContact() {
  return useQuery({ queryKey: CONTACT_KEY, queryFn: getContact });
}
