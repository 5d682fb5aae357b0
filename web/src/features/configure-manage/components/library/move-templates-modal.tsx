// Move templates into a tile group (or out of every group): the templates (several) and the target.
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useMoveTemplates } from '../../api/tile-group-move';
import type { LibraryTemplate, TileGroup } from '../../types-library';
import { perOpening } from '@/components/per-opening';

/** The target value standing for "no group". */
const NO_GROUP = 0;

interface Values {
  template_ids: number[];
  group_id: number;
}

interface MoveTemplatesModalProps {
  open: boolean;
  templates: LibraryTemplate[];
  groups: TileGroup[];
  initialTemplateIds: number[];
  /** undefined: the user picks; null: out of every group. */
  initialGroupId: number | null | undefined;
  onClose: () => void;
  onMoved: () => void;
}

export const MoveTemplatesModal = perOpening(function MoveTemplatesModal({
  open,
  templates,
  groups,
  initialTemplateIds,
  initialGroupId,
  onClose,
  onMoved,
}: MoveTemplatesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const move = useMoveTemplates();
  const [error, setError] = useState<string | null>(null);
  const groupName = (id: number | null) =>
    id === null ? t('configure.tileGroup.ungrouped') : (groups.find((g) => g.id === id)?.name ?? '');

  const onFinish = async (values: Values) => {
    const groupId = values.group_id === NO_GROUP ? null : values.group_id;
    try {
      await move.mutateAsync({ template_ids: values.template_ids, group_id: groupId });
      toast.success(
        groupId === null
          ? t('configure.tileGroup.movedOut', { count: values.template_ids.length })
          : t('configure.tileGroup.moved', { count: values.template_ids.length, name: groupName(groupId) }),
      );
      onMoved();
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['template_ids', 'group_id']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('configure.tileGroup.moveTitle')}
      width={520}
      form={form}
      name="tile-group-move"
      initialValues={{
        template_ids: initialTemplateIds,
        ...(initialGroupId === undefined ? {} : { group_id: initialGroupId ?? NO_GROUP }),
      }}
      loading={move.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('configure.tileGroup.moveSubmit')}
    >
      <Form.Item
        name="template_ids"
        label={t('configure.tileGroup.field.templates')}
        rules={[{ required: true, message: t('configure.tileGroup.problem.templates') }]}
      >
        <Select<number[]>
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          placeholder={t('configure.tileGroup.field.templatesPlaceholder')}
          options={templates.map((tpl) => ({
            value: tpl.id,
            label: tpl.name,
            title: tpl.group_name ?? t('configure.tileGroup.ungrouped'),
          }))}
          optionRender={(option) => (
            <span className="tpl-lib-option">
              <span className="tpl-lib-option__name">{option.label}</span>
              <span className="tpl-lib-option__owner">{option.data.title}</span>
            </span>
          )}
        />
      </Form.Item>
      <Form.Item
        name="group_id"
        label={t('configure.tileGroup.field.target')}
        rules={[{ required: true, message: t('configure.tileGroup.problem.target') }]}
      >
        <Select<number>
          placeholder={t('configure.tileGroup.field.targetPlaceholder')}
          options={[
            ...groups.map((g) => ({ value: g.id, label: g.name })),
            { value: NO_GROUP, label: t('configure.tileGroup.noGroup') },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
});
