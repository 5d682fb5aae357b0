// The owner of an address answers its verification link (POST /yun/mail/verify, signed, no token): once per visit,
// the token spent by the first answer. The page shows every failure itself.
import { useQuery } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { Schema } from '@/types/schema';

export type VerifyOut = Schema<'VerifyOut'>;

export function verifyMail(token: string): Promise<VerifyOut> {
  return post<VerifyOut>('/yun/mail/verify', { token }, { silent: true });
}

export function useVerifyMail(token: string) {
  return useQuery({
    queryKey: ['verify-mail', token],
    queryFn: () => verifyMail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
