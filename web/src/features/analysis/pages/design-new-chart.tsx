// A new report (/designNewChart): the report designer on a blank definition, in the group `?group=` names (the
// list's group it was opened from); saved, it moves to /designChart?id=.
import { useSearchParams } from 'react-router';

import { ReportDesigner } from '../components/report-designer';

export default function DesignNewChartPage() {
  const [search] = useSearchParams();
  const raw = search.get('group') ?? '';
  const group = /^\d+$/.test(raw) ? Number(raw) : 0;
  return <ReportDesigner id={null} groupId={Number.isSafeInteger(group) ? group : 0} />;
}
