// VirtualDevice page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function VirtualDevicePage() {
  return <PlaceholderPage titleKey="menu.virtualDevice" />;
}
