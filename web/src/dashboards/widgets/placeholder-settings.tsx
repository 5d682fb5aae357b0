// Placeholder settings of a widget written beside this branch: nothing to set yet. Removed when those widgets land.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PlaceholderSettings() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('dashboards.card.pending')}</Typography.Text>;
}
