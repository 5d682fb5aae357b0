// Create a data source group, or rename one (name 1–32, unique in the template).
import { useTranslation } from 'react-i18next';

import { NameFormModal } from '@/components/name-form-modal';
import { toast } from '@/lib/toast';
import { DATA_SOURCE_GROUP_NAME_MAX } from '@/types/limits.gen';
import { useCreateDataSourceGroup } from '../../api/data-source-group-create';
import { useUpdateDataSourceGroup } from '../../api/data-source-group-update';
import type { DataSourceGroupOut } from '../../types-data-source';

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
  const create = useCreateDataSourceGroup(templateId);
  const update = useUpdateDataSourceGroup(templateId);

  const onSave = async (name: string) => {
    if (group) {
      await update.mutateAsync({ id: group.id, name });
      toast.success(t('configure.dataSource.group.renamed'));
    } else {
      const created = await create.mutateAsync(name);
      toast.success(t('configure.dataSource.group.created'));
      onCreated?.(created);
    }
  };

  return (
    <NameFormModal
      open={open}
      width={420}
      title={group ? t('configure.dataSource.group.editTitle') : t('configure.dataSource.group.createTitle')}
      name="data-source-group"
      label={t('configure.dataSource.group.name')}
      initialName={group?.name ?? ''}
      maxLength={DATA_SOURCE_GROUP_NAME_MAX}
      rules={[
        { required: true, whitespace: true, message: t('configure.dataSource.group.nameRequired') },
        {
          max: DATA_SOURCE_GROUP_NAME_MAX,
          message: t('configure.dataSource.validation.max', { max: DATA_SOURCE_GROUP_NAME_MAX }),
        },
      ]}
      loading={create.isPending || update.isPending}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
