// The edit and delete buttons of a group list item (components/group-list): edit opens the caller's form, delete asks
// first in a Popconfirm. The caller passes the texts (with the group's name) and leaves delete out when the group
// cannot be deleted.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface GroupItemActionsTexts {
  /** The edit button's tooltip. */
  edit: string;
  /** The edit button's accessible name (with the group's name). */
  editNamed: string;
  deleteConfirm: string;
  deleteHint: string;
  /** The confirm's OK text. */
  delete: string;
  /** The delete button's accessible name (with the group's name). */
  deleteNamed: string;
}

interface GroupItemActionsProps {
  texts: GroupItemActionsTexts;
  onEdit: () => void;
  /** Absent: no delete button (the group cannot be deleted). */
  onDelete?: (() => void) | undefined;
}

export function GroupItemActions({ texts, onEdit, onDelete }: GroupItemActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={texts.edit}>
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={texts.editNamed}
          onClick={onEdit}
        />
      </Tooltip>
      {onDelete && (
        <Popconfirm
          title={texts.deleteConfirm}
          description={texts.deleteHint}
          okText={texts.delete}
          cancelText={t('common.action.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={texts.deleteNamed} />
        </Popconfirm>
      )}
    </>
  );
}
