// Creates or changes a group of monitoring tables (/monitor/monitorSetting): its name and its tables in their order,
// chosen among those the user watches. A refusal stays in the dialog, on the field the server names.
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { MONITOR_GROUP_NAME_MAX, MONITOR_GROUP_TABLES_MAX } from '@/types/limits.gen';

import type { MonitorGroup, WatchedTable } from '../api/monitor';
import { TableChooser } from './table-chooser';

interface Values {
  name: string;
  table_ids: number[];
}

export interface GroupFormModalProps {
  open: boolean;
  /** The group to change; null: a new one. */
  group: MonitorGroup | null;
  tables: readonly WatchedTable[];
  loading: boolean;
  onSave: (values: Values) => Promise<void>;
  onClose: () => void;
}

export const GroupFormModal = perOpening(function GroupFormModal({
  open,
  group,
  tables,
  loading,
  onSave,
  onClose,
}: GroupFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    try {
      await onSave({ name: values.name.trim(), table_ids: values.table_ids });
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'table_ids']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('monitor.groups.edit') : t('monitor.groups.create')}
      width={560}
      form={form}
      name="monitor-group"
      initialValues={{ name: group?.name ?? '', table_ids: group?.tables.map((x) => x.id) ?? [] }}
      loading={loading}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('monitor.groups.name')}
        rules={[
          { required: true, whitespace: true, message: t('monitor.groups.nameRequired') },
          {
            max: MONITOR_GROUP_NAME_MAX,
            message: t('monitor.groups.nameTooLong', { max: MONITOR_GROUP_NAME_MAX }),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={MONITOR_GROUP_NAME_MAX} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="table_ids"
        label={t('monitor.groups.tables', { max: MONITOR_GROUP_TABLES_MAX })}
        extra={
          group && group.hidden > 0 ? (
            <Typography.Text type="secondary">
              {t('monitor.groups.hiddenKept', { count: group.hidden })}
            </Typography.Text>
          ) : undefined
        }
      >
        <TableChooser tables={tables} max={MONITOR_GROUP_TABLES_MAX} />
      </Form.Item>
    </FormModal>
  );
});
