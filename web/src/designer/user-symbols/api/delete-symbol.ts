// DELETE /yun/resourcesInfo/symbol: a symbol of the tenant, refused while a screen shows it (114511).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { del } from '@/lib/http';
import { userSymbolKeys } from './keys';

export function deleteSymbol(id: number): Promise<null> {
  return del<null>('/yun/resourcesInfo/symbol', { id });
}

export function useDeleteSymbol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSymbol,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userSymbolKeys.list() });
    },
  });
}
