// A new report (/designNewChart): the report designer on a blank definition; saved, it moves to /designChart?id=.
import { ReportDesigner } from '../components/report-designer';

export default function DesignNewChartPage() {
  return <ReportDesigner id={null} />;
}
