// A new monitoring table of a template: its name and description; its columns start as every data source of the
// template, which the table designer then arranges.
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { useCreateMonitorTable, type MonitorTableOut } from '@/lib/monitor-tables/api';
import { MIDDLEWARE_DESCRIPTION_MAX, MIDDLEWARE_NAME_MAX } from '@/types/limits.gen';

interface Values {
  name: string;
  description: string;
}

export interface MonitorTableCreateModalProps {
  open: boolean;
  templateId: number;
  onCreated: (table: MonitorTableOut) => void;
  onClose: () => void;
}

export const MonitorTableCreateModal = perOpening(function MonitorTableCreateModal({
  open,
  templateId,
  onCreated,
  onClose,
}: MonitorTableCreateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateMonitorTable();

  const onFinish = async (values: Values) => {
    try {
      const table = await create.mutateAsync({
        template_id: templateId,
        name: values.name.trim(),
        description: values.description.trim(),
      });
      onClose();
      onCreated(table);
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'description']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('configure.monitorTables.create')}
      form={form}
      name="monitor-table-create"
      initialValues={{ name: '', description: '' }}
      loading={create.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      intro={t('configure.monitorTables.createIntro')}
    >
      <Form.Item
        name="name"
        label={t('configure.monitorTables.name')}
        rules={[{ required: true, whitespace: true, message: t('configure.monitorTables.nameRequired') }]}
      >
        <Input autoComplete="off" maxLength={MIDDLEWARE_NAME_MAX} showCount autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('configure.monitorTables.description')}>
        <Input.TextArea
          maxLength={MIDDLEWARE_DESCRIPTION_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
    </FormModal>
  );
});
