// The operator's own contacts (PUT /administrator/me; docs/api-operations.md "To the operators"): the email and phone
// the platform's alerts reach him at, and the channels they take. Opened from the operator frame's account menu;
// each opening reads the account afresh.
import { Alert, Button, Checkbox, Drawer, Form, Input, Skeleton, Space } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { EMAIL_RE, PHONE_RE } from '@/lib/validation';
import { OPERATOR_EMAIL_MAX } from '@/types/limits.gen';

import { useMe, useUpdateMyContact, type AlertChannel } from '../api/operator';
import type { OperatorAccount } from '../lib/session';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface ContactValues {
  email: string;
  phone: string;
  alert_channels: AlertChannel[];
}

const CHANNELS: readonly AlertChannel[] = ['email', 'sms'];
const FIELDS = ['email', 'phone', 'alert_channels'] as const;

function ContactForm({ account, onDone }: { account: OperatorAccount; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  const save = useUpdateMyContact();
  const [error, setError] = useState<string | null>(null);

  const emailRules: FormRule[] = [
    { max: OPERATOR_EMAIL_MAX, message: t('operator.contact.emailMax', { max: OPERATOR_EMAIL_MAX }) },
    { pattern: EMAIL_RE, message: t('operator.contact.emailInvalid') },
  ];
  const phoneRules: FormRule[] = [{ pattern: PHONE_RE, message: t('operator.contact.phoneInvalid') }];
  const channelRules: FormRule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: AlertChannel[] | undefined) => {
        const chosen = value ?? [];
        if (chosen.includes('email') && !String(getFieldValue('email') ?? '').trim())
          return Promise.reject(new Error(t('operator.contact.emailNeeded')));
        if (chosen.includes('sms') && !String(getFieldValue('phone') ?? '').trim())
          return Promise.reject(new Error(t('operator.contact.phoneNeeded')));
        return Promise.resolve();
      },
    }),
  ];

  const submit = async (values: ContactValues) => {
    setError(null);
    try {
      await save.mutateAsync({
        email: values.email.trim(),
        phone: values.phone.trim(),
        alert_channels: CHANNELS.filter((c) => values.alert_channels.includes(c)),
      });
      toast.success(t('operator.contact.saved'));
      onDone();
    } catch (failure) {
      setError(applyServerError(form, failure, FIELDS));
    }
  };

  return (
    <Form<ContactValues>
      form={form}
      name="operator-contact"
      layout="vertical"
      preserve={false}
      initialValues={{
        email: account.email,
        phone: account.phone,
        alert_channels: account.alert_channels,
      }}
      onValuesChange={() => {
        if (error) setError(null);
      }}
      onFinish={(values) => void submit(values)}
    >
      <p className="text-secondary">{t('operator.contact.hint')}</p>
      <Form.Item name="email" label={t('operator.contact.email')} rules={emailRules} validateFirst>
        <Input type="email" autoComplete="email" maxLength={OPERATOR_EMAIL_MAX} allowClear />
      </Form.Item>
      <Form.Item name="phone" label={t('operator.contact.phone')} rules={phoneRules}>
        <Input inputMode="numeric" autoComplete="tel" maxLength={11} allowClear />
      </Form.Item>
      <Form.Item
        name="alert_channels"
        label={t('operator.contact.channels')}
        extra={t('operator.contact.channelsExtra')}
        rules={channelRules}
        // An address edited or cleared checks the channels again.
        dependencies={['email', 'phone']}
      >
        <Checkbox.Group
          options={CHANNELS.map((c) => ({ value: c, label: t(`operator.contact.channel.${c}`) }))}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Space>
        <Button onClick={onDone}>{t('operator.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('operator.save')}
        </Button>
      </Space>
    </Form>
  );
}

function ContactDrawerBody({ open, onClose }: Props) {
  const { t } = useTranslation();
  const me = useMe(open);
  let body;
  if (me.data) body = <ContactForm account={me.data} onDone={onClose} />;
  else if (me.isError) body = <Alert type="error" showIcon title={t('operator.loadFailed')} />;
  else body = <Skeleton active />;
  return (
    <Drawer open={open} onClose={onClose} size={420} destroyOnHidden title={t('operator.contact.title')}>
      {body}
    </Drawer>
  );
}

export const ContactDrawer = perOpening(ContactDrawerBody);
