// A share link's address, shown once: right after the link is created or its address reset. The server keeps only
// a hash of the link's token, so this is the one moment the address can be read; the dialog offers to copy it and
// to open it, and says it will not be shown again ("reset link" in the list makes a new one).
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { copyText } from '@/lib/share-links/api';
import { toast } from '@/lib/toast';
import './share-link-url-modal.css';

export interface ShareLinkUrlModalProps {
  /** The link's absolute address; null: closed. */
  url: string | null;
  /** The dialog's title: a new link's, or a reset one's. */
  title: string;
  onClose: () => void;
}

export function ShareLinkUrlModal({ url, title, onClose }: ShareLinkUrlModalProps) {
  const { t } = useTranslation();
  const copy = () => {
    if (url === null) return;
    void copyText(url).then((copied) =>
      copied ? toast.success(t('share.list.copied')) : toast.warning(t('share.url.copyFailed')),
    );
  };
  return (
    <Modal
      open={url !== null}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('share.url.done')}
        </Button>
      }
    >
      <div className="share-link-url">
        <Alert type="warning" showIcon title={t('share.url.once')} />
        <Space.Compact block>
          <Input
            readOnly
            value={url ?? ''}
            aria-label={t('share.url.address')}
            onFocus={(e) => e.target.select()}
          />
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('share.url.copy')}
          </Button>
          <Button
            icon={<ExportOutlined />}
            aria-label={t('share.url.open')}
            onClick={() => url !== null && window.open(url, '_blank', 'noopener')}
          />
        </Space.Compact>
      </div>
    </Modal>
  );
}
