// Edit a report (/designChart?id=, P61100): the report designer on the saved report.
import { useSearchParams } from 'react-router';

import { ReportDesigner } from '../components/report-designer';
import { reportIdOf } from '../lib/format';

export default function DesignChartPage() {
  const [search] = useSearchParams();
  const id = reportIdOf(search);
  return <ReportDesigner id={id} valid={id !== null} />;
}
