// The device tree card's settings: the one device group it shows (none: every group).
import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { GroupField } from '../../data/fields';
import type { SettingsFormProps } from '../types';

interface Values {
  group_id?: number | null;
}

export default function DeviceTreeSettingsForm({ settings, onChange }: SettingsFormProps<'deviceTree'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.setFieldsValue({ group_id: settings.group_id ?? undefined });
  }, [form, settings.group_id]);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="device-tree-settings"
      onValuesChange={(_, all) => {
        onChange({ ...settings, group_id: all.group_id ?? null });
      }}
    >
      <GroupField
        name="group_id"
        label={t('dashboards.widgets.deviceTree.settings.group')}
        placeholder={t('dashboards.widgets.deviceTree.settings.allGroups')}
        extra={t('dashboards.widgets.deviceTree.settings.groupHint')}
        value={settings.group_id}
      />
    </Form>
  );
}
