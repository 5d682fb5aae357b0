// The delete of one gallery item (an image, a 3D model): a confirmation naming it, then the delete; a refusal (114013:
// a screen still shows it) shows the server's message as a toast, a success says so.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

interface DeleteItemButtonProps {
  /** The texts' area: `designer.gallery.<kind>.deleteConfirm`, `deleteHint`, `deleted`, `deleteNamed`. */
  kind: 'image' | 'model';
  name: string;
  onDelete: () => Promise<unknown>;
}

export function DeleteItemButton({ kind, name, onDelete }: DeleteItemButtonProps) {
  const { t } = useTranslation();
  const text = (key: string) => t(`designer.gallery.${kind}.${key}`, { name });
  return (
    <Popconfirm
      title={text('deleteConfirm')}
      description={text('deleteHint')}
      okText={t('designer.gallery.action.delete')}
      okButtonProps={{ danger: true }}
      onConfirm={() => {
        void onDelete().then(
          () => toast.success(text('deleted')),
          () => undefined,
        );
      }}
    >
      <Tooltip title={t('designer.gallery.action.delete')}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={text('deleteNamed')} />
      </Tooltip>
    </Popconfirm>
  );
}
