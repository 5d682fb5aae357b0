// Create a report group, or rename one (contract A: name 1–10 characters, unique among the owner's groups).
import { useTranslation } from 'react-i18next';

import { NameFormModal } from '@/components/name-form-modal';
import { toast } from '@/lib/toast';
import { useCreateReportGroup } from '../api/create-report-group';
import { useUpdateReportGroup } from '../api/update-report-group';
import type { ReportGroup } from '../types';

/** Contract A: a report group's name is 1–10 characters. */
export const REPORT_GROUP_NAME_MAX = 10;

interface GroupFormModalProps {
  open: boolean;
  /** null: create. */
  group: ReportGroup | null;
  onClose: () => void;
  onCreated?: (group: ReportGroup) => void;
}

export function GroupFormModal({ open, group, onClose, onCreated }: GroupFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateReportGroup();
  const update = useUpdateReportGroup();

  const onSave = async (name: string) => {
    if (group) {
      await update.mutateAsync({ id: group.id, name });
      toast.success(t('reports.group.renamed'));
    } else {
      const created = await create.mutateAsync(name);
      toast.success(t('reports.group.created'));
      onCreated?.(created);
    }
  };

  return (
    <NameFormModal
      open={open}
      width={420}
      title={group ? t('reports.group.editTitle') : t('reports.group.createTitle')}
      name="report-group"
      label={t('reports.group.name')}
      initialName={group?.name ?? ''}
      maxLength={REPORT_GROUP_NAME_MAX}
      rules={[
        { required: true, whitespace: true, message: t('reports.group.nameRequired') },
        { max: REPORT_GROUP_NAME_MAX, message: t('reports.group.nameMax', { max: REPORT_GROUP_NAME_MAX }) },
      ]}
      loading={create.isPending || update.isPending}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
