// POST /yun/rDev: writes a value to a data source and waits for the gateway's ack (110523 refused, 110524 timeout).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '../http';
import type { LiveDeviceOut, WriteValueInput, WriteValueOut } from './types';
import { telemetryKeys } from './keys';

export function writeValue(input: WriteValueInput): Promise<WriteValueOut> {
  // The dialog shows the error next to its field or as a toast itself.
  return post<WriteValueOut>('/yun/rDev', input, { silent: true });
}

/** `alsoRefresh`: the caller's queries a write changes besides the live values (the device log). */
export function useWriteValue(alsoRefresh: readonly QueryKey[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: writeValue,
    onSuccess: (ack, input) => {
      // The acknowledged value shows at once; the next push or snapshot confirms it.
      client.setQueryData<LiveDeviceOut>(telemetryKeys.live(input.device_id), (data) =>
        data
          ? {
              ...data,
              items: data.items.map((item) =>
                item.id === input.data_source_id
                  ? { ...item, value: ack.value, ts: ack.ack_time, quality: 0 }
                  : item,
              ),
            }
          : data,
      );
      for (const queryKey of alsoRefresh) void client.invalidateQueries({ queryKey });
    },
  });
}
