// PUT /yun/resourcesInfo/symbol: rename, recategorise or mark parts (each an element by the id the server gave it).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { put } from '@/lib/http';
import type { UserSymbol, UserSymbolCategory, UserSymbolPart } from '../types';
import { userSymbolKeys } from './keys';

export interface UpdateSymbolInput {
  id: number;
  name?: string;
  category?: UserSymbolCategory;
  parts?: UserSymbolPart[];
}

export function updateSymbol(input: UpdateSymbolInput): Promise<UserSymbol> {
  return put<UserSymbol>('/yun/resourcesInfo/symbol', input, { silent: true });
}

export function useUpdateSymbol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSymbol,
    onSuccess: (symbol) => {
      void queryClient.invalidateQueries({ queryKey: userSymbolKeys.list() });
      void queryClient.invalidateQueries({ queryKey: userSymbolKeys.svg(symbol.url) });
    },
  });
}
