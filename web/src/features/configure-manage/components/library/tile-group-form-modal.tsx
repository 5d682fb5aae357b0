// Create a tile group or rename one; names 1–32, unique among the caller's groups (checked here, and by the
// server: 115306).
import { useTranslation } from 'react-i18next';

import { NameFormModal } from '@/components/name-form-modal';
import { toast } from '@/lib/toast';
import { useSaveTileGroup } from '../../api/tile-group-save';
import { groupNameProblem, TILE_GROUP_NAME_MAX } from '../../lib/library-tile-groups';
import type { TileGroup } from '../../types-library';

interface TileGroupFormModalProps {
  open: boolean;
  /** null: create. */
  group: TileGroup | null;
  groups: TileGroup[];
  onClose: () => void;
}

export function TileGroupFormModal({ open, group, groups, onClose }: TileGroupFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveTileGroup();

  const onSave = async (name: string) => {
    await save.mutateAsync({ id: group?.id ?? null, name });
    toast.success(group ? t('configure.tileGroup.renamed') : t('configure.tileGroup.created'));
  };

  return (
    <NameFormModal
      open={open}
      title={group ? t('configure.tileGroup.renameTitle') : t('configure.tileGroup.createTitle')}
      width={440}
      name="tile-group"
      label={t('configure.tileGroup.field.name')}
      initialName={group?.name ?? ''}
      maxLength={TILE_GROUP_NAME_MAX}
      rules={[
        {
          validator: (_rule, value: unknown) => {
            const problem = groupNameProblem(
              typeof value === 'string' ? value : '',
              groups,
              group?.id ?? null,
            );
            return problem
              ? Promise.reject(
                  new Error(t(`configure.tileGroup.problem.${problem}`, { max: TILE_GROUP_NAME_MAX })),
                )
              : Promise.resolve();
          },
        },
      ]}
      loading={save.isPending}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
