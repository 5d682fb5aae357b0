// POST /yun/resourcesInfo/symbol/preview (what the server would keep and strip, keeping nothing) and POST
// /yun/resourcesInfo/symbol (import): multipart file, name, category. The server sanitises (114020-114024).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { post } from '@/lib/http';
import type { SymbolImportOut, UserSymbolCategory } from '../types';
import { userSymbolKeys } from './keys';

export function previewSymbol(file: File): Promise<SymbolImportOut> {
  const body = new FormData();
  body.append('file', file);
  return post<SymbolImportOut>('/yun/resourcesInfo/symbol/preview', body, { silent: true });
}

export interface ImportSymbolInput {
  file: File;
  name: string;
  category: UserSymbolCategory;
}

export function importSymbol({ file, name, category }: ImportSymbolInput): Promise<SymbolImportOut> {
  const body = new FormData();
  body.append('file', file);
  body.append('name', name);
  body.append('category', category);
  return post<SymbolImportOut>('/yun/resourcesInfo/symbol', body, { silent: true });
}

export function useImportSymbol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSymbol,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userSymbolKeys.list() });
    },
  });
}
