// MonitoringDevice page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '@/components/placeholder-page';

export default function MonitoringDevicePage() {
  return <PlaceholderPage titleKey="menu.monitoringDevice" />;
}
