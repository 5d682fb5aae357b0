// Create a classification of the caller's gallery, or rename one (name 1–10, unique among theirs).
import { useTranslation } from 'react-i18next';

import { NameFormModal } from '@/components/name-form-modal';
import { translateCode } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { GALLERY_CLASSIFY_NAME_MAX } from '@/types/limits.gen';
import { useSaveClassification } from './api/save-classification';
import type { ClassifyOut } from './types';

interface ClassificationDialogProps {
  open: boolean;
  /** null: a new classification. */
  classification: ClassifyOut | null;
  onClose: () => void;
  onSaved: (saved: ClassifyOut) => void;
}

export function ClassificationDialog({ open, classification, onClose, onSaved }: ClassificationDialogProps) {
  const { t } = useTranslation();
  const save = useSaveClassification();

  const onSave = async (name: string) => {
    const saved = await save.mutateAsync({ ...(classification ? { id: classification.id } : {}), name });
    toast.success(
      t(classification ? 'designer.gallery.classify.renamed' : 'designer.gallery.classify.created'),
    );
    onSaved(saved);
  };

  return (
    <NameFormModal
      open={open}
      title={t(
        classification ? 'designer.gallery.classify.renameTitle' : 'designer.gallery.classify.createTitle',
      )}
      name="gallery-classification"
      label={t('designer.gallery.classify.name')}
      initialName={classification?.name ?? ''}
      maxLength={GALLERY_CLASSIFY_NAME_MAX}
      rules={[{ required: true, whitespace: true, message: translateCode('114002') }]}
      loading={save.isPending}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
