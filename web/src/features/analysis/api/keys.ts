// Query keys of the reports (lib/reports/keys.ts, shared with the dashboard's report widget) and what a change to a
// report invalidates: the lists, its detail, its data and the group counts.
import { reportKeys } from '@/lib/reports/keys';

export { reportKeys };

/** What a change to a report may touch: the lists, the details, its data and the groups' counts. */
export const reportChangeKeys = [
  reportKeys.lists(),
  reportKeys.details(),
  reportKeys.statistics(),
  reportKeys.tables(),
  reportKeys.groups(),
];
