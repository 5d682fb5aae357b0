// PUT /dev/controls {device_id: null, password}: sets (6–32 characters) or clears (null) the tenant's default
// control password (administrators only, 100015 otherwise).
import { useMutation } from '@tanstack/react-query';

import { put } from '@/lib/http';

export function setDefaultControlPassword(password: string | null): Promise<unknown> {
  return put<unknown>('/dev/controls', { device_id: null, password }, { silent: true });
}

export function useSetDefaultControlPassword() {
  return useMutation({ mutationFn: setDefaultControlPassword });
}
