// MonitoringCheck page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '@/components/placeholder-page';

export default function MonitoringCheckPage() {
  return <PlaceholderPage titleKey="menu.monitoringCheck" />;
}
