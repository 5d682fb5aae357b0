// The group tree card has nothing to set: it lists every device group the viewer reads.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Takes SettingsFormProps<'groupTree'> and needs none of them. */
export default function GroupTreeSettingsForm() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary">
      {t('dashboards.widgets.groupTree.settings.none')}
    </Typography.Paragraph>
  );
}
