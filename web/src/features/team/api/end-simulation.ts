// DELETE /yun/v2/user/login/simulate: revokes the simulated token (sent with it); the browser restores the admin.
import { useMutation } from '@tanstack/react-query';

import { del } from '@/lib/http';

export function endSimulationRequest(): Promise<null> {
  return del<null>('/yun/v2/user/login/simulate', undefined, { silent: true, skipAuthRedirect: true });
}

export function useEndSimulation() {
  return useMutation({ mutationFn: endSimulationRequest });
}
