// Placeholder of a widget written beside this branch (map, configuration, fault, net monitor, device tree, group
// tree): the card says its widget is on its way. Removed when those widgets land.
import { useTranslation } from 'react-i18next';

import { CardMessage } from './common/card-message';

export default function PlaceholderWidget() {
  const { t } = useTranslation();
  return <CardMessage kind="info" title={t('dashboards.card.pending')} />;
}
