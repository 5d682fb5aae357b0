// PUT /dev/share/received {device_id, group_id}: the receiver files a device shared with them in one of their own
// groups (null: back to "Shared with me"); only they see it there.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { components } from '@/types/api.gen';
import { deviceChangeKeys } from './keys';

export type FileReceivedShareInput = components['schemas']['ReceivedShareGroupIn'];

export function fileReceivedShare(input: FileReceivedShareInput): Promise<null> {
  return put<null>('/dev/share/received', input, { silent: true });
}

export function useFileReceivedShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileReceivedShare,
    onSuccess: () => {
      for (const queryKey of deviceChangeKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
