// What one delivery sent (or will send): its headers' key and its JSON body as the receiver gets it, signed as it is,
// so an administrator can compare it with what the receiver logged.
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

import type { WebhookDeliveryOut } from '../api/webhooks';
import { eventName } from '../lib/webhooks';

export interface WebhookPayloadModalProps {
  /** The delivery shown; null: closed. */
  delivery: WebhookDeliveryOut | null;
  onClose: () => void;
}

export function WebhookPayloadModal({ delivery, onClose }: WebhookPayloadModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={delivery !== null}
      title={delivery ? eventName(t, delivery.event) : ''}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {delivery && (
        <>
          <Descriptions
            size="small"
            column={1}
            className="webhook-payload__meta"
            items={[
              { key: 'key', label: 'X-Iotyun-Delivery', children: <code>{delivery.key}</code> },
              { key: 'address', label: t('system.webhooks.log.column.address'), children: delivery.address },
            ]}
          />
          <pre className="webhook-code webhook-payload__body" aria-label={t('system.webhooks.log.payload')}>
            {JSON.stringify(delivery.payload, null, 2)}
          </pre>
        </>
      )}
    </Modal>
  );
}
