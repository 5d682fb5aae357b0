// A subscription's signing secret, shown once: right after the subscription is made or its secret renewed. The server
// never sends it back, so this is the one moment it can be read; the dialog offers to copy it and tells the receiver's
// check in short (docs/api-system.md "Outgoing webhooks": HMAC-SHA256 over "<timestamp>.<body>").
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { CopyField, ShownOnceModal } from '@/components/shown-once';

export interface WebhookSecretModalProps {
  /** The secret; null: closed. */
  secret: string | null;
  /** The dialog's title: a new subscription's, or a renewed secret's. */
  title: string;
  onClose: () => void;
}

export function WebhookSecretModal({ secret, title, onClose }: WebhookSecretModalProps) {
  const { t } = useTranslation();
  return (
    <ShownOnceModal
      open={secret !== null}
      title={title}
      once={t('system.webhooks.secret.once')}
      done={t('system.webhooks.secret.done')}
      onClose={onClose}
      className="webhook-secret"
    >
      <CopyField
        value={secret ?? ''}
        label={t('system.webhooks.secret.label')}
        inputClassName="webhook-secret__value"
        texts={{
          copy: t('system.webhooks.secret.copy'),
          copied: t('system.webhooks.secret.copied'),
          copyFailed: t('system.webhooks.secret.copyFailed'),
        }}
      />
      <Typography.Paragraph type="secondary" className="webhook-secret__recipe">
        {t('system.webhooks.secret.recipe')}
      </Typography.Paragraph>
      <pre className="webhook-code">
        {'X-Iotyun-Signature: sha256=HEX( HMAC_SHA256(secret, X-Iotyun-Timestamp + "." + body) )'}
      </pre>
    </ShownOnceModal>
  );
}
