// PUT /dev/controls {device_id, password}: sets (6–32 characters) or clears (null) a device's control password.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { ControlPasswordInput } from '../types-telemetry';
import { telemetryKeys } from '@/lib/telemetry/keys';
import { deviceKeys } from './keys';

export function setControlPassword(input: ControlPasswordInput): Promise<unknown> {
  return put<unknown>('/dev/controls', input, { silent: true });
}

export function useSetControlPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setControlPassword,
    onSuccess: (_data, input) => {
      if (input.device_id !== null) {
        void client.invalidateQueries({ queryKey: deviceKeys.controls(input.device_id) });
        void client.invalidateQueries({ queryKey: telemetryKeys.writeConfig(input.device_id) });
        void client.invalidateQueries({ queryKey: telemetryKeys.live(input.device_id) });
      }
    },
  });
}
