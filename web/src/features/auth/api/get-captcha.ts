// GET /yun/login/check/code: graphic captcha (signed).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { CaptchaPayload } from '@/types/session';

export function getCaptcha(): Promise<CaptchaPayload> {
  return get<CaptchaPayload>('/yun/login/check/code', undefined, { silent: true });
}

export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha'],
    queryFn: getCaptcha,
    staleTime: 0,
    gcTime: 0,
    retry: 1,
    // A captcha expires server-side: fetch a new one shortly before that.
    refetchInterval: (query) => {
      const seconds = query.state.data?.expires_in ?? 0;
      return seconds > 5 ? (seconds - 5) * 1000 : false;
    },
  });

export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}
