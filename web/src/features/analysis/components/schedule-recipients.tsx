// Under the schedule's addresses: whether each may be mailed (a user of the tenant, verified, waiting for its owner,
// or not verified) with "send verification" for those not yet allowed, and the tenant's verified addresses, each
// removable. A schedule mails only allowed addresses: the server refuses the others when it is saved (117805).
import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import {
  useRecipients,
  useRecipientStates,
  useRemoveRecipient,
  useRequestVerification,
} from '../api/mail-recipients';
import { recipientRows, type AddressState } from '../lib/recipients';

const STATE_COLOURS: Record<AddressState, string> = {
  user: 'green',
  verified: 'green',
  pending: 'gold',
  none: 'red',
};

export interface ScheduleRecipientsProps {
  emails: readonly string[];
  open: boolean;
}

export function ScheduleRecipients({ emails, open }: ScheduleRecipientsProps) {
  const { t } = useTranslation();
  const cleaned = recipientRows(emails, undefined).map((r) => r.address);
  const states = useRecipientStates(cleaned, open);
  const rows = recipientRows(cleaned, states.data);
  const recipients = useRecipients(open);
  const request = useRequestVerification();
  const remove = useRemoveRecipient();

  const send = (address: string) => {
    request.mutate(address, {
      onSuccess: (answer) => {
        toast.success(
          answer.sent
            ? t('analysis.schedule.recipients.sent', { address })
            : t('analysis.schedule.recipients.alreadyAllowed', { address }),
        );
      },
      onError: (error) => {
        toast.error(isApiError(error) ? error.detail : String(error));
      },
    });
  };

  const verified = (recipients.data ?? []).filter((r) => r.state === 'verified');

  return (
    <div className="schedule-recipients">
      {rows.length > 0 && (
        <ul className="schedule-recipients__list" aria-label={t('analysis.schedule.recipients.title')}>
          {rows.map((row) => (
            <li key={row.address} className="schedule-recipients__item">
              <Typography.Text ellipsis className="schedule-recipients__address">
                {row.address}
              </Typography.Text>
              {row.state && (
                <Tag color={STATE_COLOURS[row.state]}>
                  {t(`analysis.schedule.recipients.state.${row.state}`)}
                </Tag>
              )}
              {row.canVerify && (
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  loading={request.isPending && request.variables === row.address}
                  onClick={() => {
                    send(row.address);
                  }}
                >
                  {row.state === 'pending'
                    ? t('analysis.schedule.recipients.resend')
                    : t('analysis.schedule.recipients.send')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Collapse
        size="small"
        ghost
        items={[
          {
            key: 'verified',
            label: t('analysis.schedule.recipients.verifiedList', { count: verified.length }),
            children:
              verified.length === 0 ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('analysis.schedule.recipients.none')}
                />
              ) : (
                <ul className="schedule-recipients__list">
                  {verified.map((r) => (
                    <li key={r.id} className="schedule-recipients__item">
                      <Typography.Text ellipsis className="schedule-recipients__address">
                        {r.address}
                      </Typography.Text>
                      <Popconfirm
                        title={t('analysis.schedule.recipients.removeConfirm', { address: r.address })}
                        description={t('analysis.schedule.recipients.removeHint')}
                        okText={t('analysis.schedule.recipients.remove')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common.action.cancel')}
                        onConfirm={() => {
                          remove.mutate(r.id);
                        }}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('analysis.schedule.recipients.removeOne', { address: r.address })}
                        />
                      </Popconfirm>
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </div>
  );
}
