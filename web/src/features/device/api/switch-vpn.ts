// POST /dev/vpn {device_id, open}: opens or closes the VPN of the device's gateway through the command channel
// (issue 34 point 5; docs/api-telemetry.md "VPN"); answers the state and client IP the gateway acknowledged.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { Schema } from '@/types/schema';
import { deviceKeys } from './keys';

export type VpnOut = Schema<'VpnOut'>;

export function switchVpn(input: Schema<'VpnIn'>): Promise<VpnOut> {
  return post<VpnOut>('/dev/vpn', input, { silent: true });
}

export function useSwitchVpn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: switchVpn,
    onSuccess: (_data, input) => {
      void client.invalidateQueries({ queryKey: deviceKeys.detail(input.device_id) });
      void client.invalidateQueries({ queryKey: deviceKeys.lists() });
      void client.invalidateQueries({ queryKey: deviceKeys.logs() });
    },
  });
}
