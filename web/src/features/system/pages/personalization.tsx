// Personalization page: a placeholder until the issue that builds this screen lands.
import { PlaceholderPage } from '@/components/placeholder-page';

export default function PersonalizationPage() {
  return <PlaceholderPage titleKey="menu.personalization" />;
}
