// GET /yun/resourcesInfo/symbol: the tenant's symbols (every designer of the tenant sees them), by name.
import { useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import { SYMBOLS_PER_TENANT_MAX } from '../limits';
import type { UserSymbolPage } from '../types';
import { userSymbolKeys } from './keys';

export function listUserSymbols(): Promise<UserSymbolPage> {
  return get<UserSymbolPage>('/yun/resourcesInfo/symbol', { page: 1, page_size: SYMBOLS_PER_TENANT_MAX });
}

export function useUserSymbols(enabled = true) {
  return useQuery({ queryKey: userSymbolKeys.list(), queryFn: listUserSymbols, enabled });
}
