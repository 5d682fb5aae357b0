// A share link's address, shown once: right after the link is created or its address reset. The server keeps only
// a hash of the link's token, so this is the one moment the address can be read; the dialog offers to copy it and
// to open it, and says it will not be shown again ("reset link" in the list makes a new one).
import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { CopyField, ShownOnceModal } from './shown-once';
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
  return (
    <ShownOnceModal
      open={url !== null}
      title={title}
      once={t('share.url.once')}
      done={t('share.url.done')}
      onClose={onClose}
      className="share-link-url"
    >
      <CopyField
        value={url ?? ''}
        label={t('share.url.address')}
        texts={{
          copy: t('share.url.copy'),
          copied: t('share.list.copied'),
          copyFailed: t('share.url.copyFailed'),
        }}
      >
        <Button
          icon={<ExportOutlined />}
          aria-label={t('share.url.open')}
          onClick={() => url !== null && window.open(url, '_blank', 'noopener')}
        />
      </CopyField>
    </ShownOnceModal>
  );
}
