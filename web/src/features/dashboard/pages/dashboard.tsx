// Dashboard page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '@/components/placeholder-page';

export default function DashboardPage() {
  return <PlaceholderPage titleKey="menu.dashboard" />;
}
