// The net monitor card's settings: the device group it counts (none: every device the viewer reads).
import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupField } from '../../data/fields';
import type { SettingsFormProps } from '../types';

interface Values {
  group_id?: number | null;
}

export default function NetMonitorSettingsForm({ settings, onChange }: SettingsFormProps<'netMonitor'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.setFieldsValue({ group_id: settings.group_id ?? undefined });
  }, [form, settings.group_id]);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="net-monitor-settings"
      onValuesChange={(_, all) => {
        onChange({ ...settings, group_id: all.group_id ?? null });
      }}
    >
      <GroupField
        name="group_id"
        label={t('dashboards.widgets.netMonitor.settings.group')}
        placeholder={t('dashboards.widgets.data.allDevices')}
        extra={t('dashboards.widgets.netMonitor.settings.groupHint')}
        value={settings.group_id}
      />
    </Form>
  );
}
