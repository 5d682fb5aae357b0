// Create a tile group or rename one; names 1–32, unique among the caller's groups (checked here, and by the
// server: 115306).
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveTileGroup } from '../../api/tile-group-save';
import { groupNameProblem, TILE_GROUP_NAME_MAX } from '../../lib/library-tile-groups';
import type { TileGroup } from '../../types-library';

interface Values {
  name: string;
}

interface TileGroupFormModalProps {
  open: boolean;
  /** null: create. */
  group: TileGroup | null;
  groups: TileGroup[];
  onClose: () => void;
}

export function TileGroupFormModal({ open, group, groups, onClose }: TileGroupFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveTileGroup();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    try {
      await save.mutateAsync({ id: group?.id ?? null, name: values.name.trim() });
      toast.success(group ? t('configure.tileGroup.renamed') : t('configure.tileGroup.created'));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('configure.tileGroup.renameTitle') : t('configure.tileGroup.createTitle')}
      width={440}
      form={form}
      name="tile-group"
      initialValues={{ name: group?.name ?? '' }}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('configure.tileGroup.field.name')}
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
      >
        <Input autoComplete="off" maxLength={TILE_GROUP_NAME_MAX} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
}
