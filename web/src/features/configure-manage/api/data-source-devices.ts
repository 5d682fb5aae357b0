// GET /dev?q=: the caller's devices for the 2.0 data source device picker (first page of matches).
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { get } from '../../../lib/http';
import type { PageOf, PickerDevice } from '../types-data-source';
import { dataSourceKeys } from './data-source-keys';

const PICKER_PAGE_SIZE = 50;

export function listPickerDevices(keyword: string): Promise<PageOf<PickerDevice>> {
  const q = keyword.trim();
  return get<PageOf<PickerDevice>>('/dev', { page: 1, page_size: PICKER_PAGE_SIZE, ...(q ? { q } : {}) });
}

export function usePickerDevices(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: dataSourceKeys.devices(keyword.trim()),
    queryFn: () => listPickerDevices(keyword),
    placeholderData: keepPreviousData,
    enabled,
  });
}
