// Business page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '@/components/placeholder-page';

export default function BusinessPage() {
  return <PlaceholderPage titleKey="menu.business" standalone />;
}
