// Create a data source group, or rename one (name 1–32, unique in the template).
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { DATA_SOURCE_GROUP_NAME_MAX } from '@/types/limits.gen';
import { useCreateDataSourceGroup } from '../../api/data-source-group-create';
import { useUpdateDataSourceGroup } from '../../api/data-source-group-update';
import type { DataSourceGroupOut } from '../../types-data-source';

interface Values {
  name: string;
}

interface GroupFormModalProps {
  templateId: number;
  open: boolean;
  /** null: create. */
  group: DataSourceGroupOut | null;
  onClose: () => void;
  onCreated?: (group: DataSourceGroupOut) => void;
}

export function GroupFormModal({ templateId, open, group, onClose, onCreated }: GroupFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateDataSourceGroup(templateId);
  const update = useUpdateDataSourceGroup(templateId);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    const name = values.name.trim();
    try {
      if (group) {
        await update.mutateAsync({ id: group.id, name });
        toast.success(t('configure.dataSource.group.renamed'));
      } else {
        const created = await create.mutateAsync(name);
        toast.success(t('configure.dataSource.group.created'));
        onCreated?.(created);
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      width={420}
      title={group ? t('configure.dataSource.group.editTitle') : t('configure.dataSource.group.createTitle')}
      form={form}
      name="data-source-group"
      initialValues={{ name: group?.name ?? '' }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('configure.dataSource.group.name')}
        rules={[
          { required: true, whitespace: true, message: t('configure.dataSource.group.nameRequired') },
          {
            max: DATA_SOURCE_GROUP_NAME_MAX,
            message: t('configure.dataSource.validation.max', { max: DATA_SOURCE_GROUP_NAME_MAX }),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={DATA_SOURCE_GROUP_NAME_MAX} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
}
