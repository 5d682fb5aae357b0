// Simulated login: start (admin → user) and return (user → admin), with the cache cleared and routes reloaded.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { APP_BASENAME } from '@/lib/config';
import { endSimulation, logout, startSimulation } from '@/lib/session';
import { useEndSimulation } from '../api/end-simulation';
import { useSimulateLogin } from '../api/simulate-login';

export function useSimulation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const simulate = useSimulateLogin();
  const end = useEndSimulation();

  /**
   * Signs in as `userId` and starts the console afresh as that user (the guard loads their routes and menu on the
   * way to their default page). A reload, not a navigation: the open page (the user list, which the user may not
   * read) would otherwise fetch again with the new session and toast "no operation privilege".
   */
  const start = useCallback(
    async (userId: number) => {
      const payload = await simulate.mutateAsync(userId);
      startSimulation(payload);
      window.location.replace(`${APP_BASENAME}/`);
    },
    [simulate],
  );

  /** Revokes the simulated token (errors ignored: it may be gone), restores the admin, back to the user list. */
  const stop = useCallback(async () => {
    try {
      await end.mutateAsync();
    } catch {
      // The simulated token may already be revoked or expired; restoring the admin is what matters.
    }
    const restored = endSimulation();
    queryClient.clear();
    if (restored) await navigate('/team/user', { replace: true });
    else {
      logout();
      await navigate('/login', { replace: true });
    }
  }, [end, navigate, queryClient]);

  return { start, stop, starting: simulate.isPending, stopping: end.isPending };
}
