// GET /yun/report/table/data (contract B): a page of the report's table view, sorted by a column.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { get } from '@/lib/http';
import type { TableData, TableDataParams } from '../types';
import { reportKeys } from './keys';

/** The query as sent: unset values left out. */
export function tableDataQuery(params: TableDataParams): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
}

export function getTableData(params: TableDataParams): Promise<TableData> {
  // Silent: the table's place shows the refusal.
  return get<TableData>('/yun/report/table/data', tableDataQuery(params), { silent: true });
}

export const tableDataQueryOptions = (params: TableDataParams) =>
  queryOptions({
    queryKey: reportKeys.table(params),
    queryFn: () => getTableData(params),
    placeholderData: keepPreviousData,
  });

export function useTableData(params: TableDataParams | null) {
  return useQuery({
    ...tableDataQueryOptions(params ?? { id: 0, tz: 'UTC', page: 1, page_size: 10 }),
    enabled: params !== null,
  });
}
