// GET /dev?format=xlsx: the filtered list as an xlsx file (110525 over 5000 rows unless accept_cap=true).
import { useMutation } from '@tanstack/react-query';

import { getBlob } from '@/lib/http';
import { toQueryParams } from '../lib/params';
import type { DeviceFilters } from '../types';

export function exportDevices(filters: DeviceFilters, acceptCap: boolean): Promise<Blob> {
  return getBlob('/dev', {
    ...toQueryParams(filters),
    format: 'xlsx',
    ...(acceptCap ? { accept_cap: true } : {}),
  });
}

export function useExportDevices() {
  return useMutation({
    mutationFn: ({ filters, acceptCap }: { filters: DeviceFilters; acceptCap: boolean }) =>
      exportDevices(filters, acceptCap),
  });
}
