// GET /yun/user/heart: keeps the session alive (each beat extends the token) while the console is open.
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';

export interface HeartPayload {
  server_time: number;
  expires_at: number;
}

const HEARTBEAT_MS = 5 * 60_000;

export function getHeart(): Promise<HeartPayload> {
  return get<HeartPayload>('/yun/user/heart', undefined, { silent: true });
}

/** Beats every 5 minutes while enabled (a revoked token still sends the user to /login via the wrapper). */
export function useHeartbeat(enabled: boolean) {
  return useQuery({
    queryKey: ['heart'],
    queryFn: getHeart,
    enabled,
    refetchInterval: HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    staleTime: HEARTBEAT_MS,
    retry: false,
  });
}
