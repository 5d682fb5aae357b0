// Share a device: who has it (remove), add accounts (user name, phone or email) with or without write access,
// and how many of the 10 shares remain; the server's checks are mirrored before sending.
import { ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useShares } from '../../api/list-shares';
import { useRemoveShare } from '../../api/remove-share';
import { useShareDevices } from '../../api/share-devices';
import { GrantList } from './grant-user-summary';
import { SHARE_USERS_MAX, checkShareAccounts } from '../../lib/rules';
import type { DeviceOut } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  accounts: string[];
  can_write: boolean;
}

interface ShareModalProps {
  open: boolean;
  device: DeviceOut | null;
  onClose: () => void;
}

export const ShareModal = perOpening(function ShareModal({ open, device, onClose }: ShareModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const shares = useShares(open && device ? device.id : null);
  const share = useShareDevices();
  const remove = useRemoveShare();
  const selfName = useSession((s) => s.name);
  const [error, setError] = useState<string | null>(null);
  const items = shares.data?.items ?? [];
  const remaining = shares.data?.remaining ?? Math.max(0, SHARE_USERS_MAX - items.length);
  const name = device ? device.alias || device.sn_code : '';

  const validateAccounts = (_rule: unknown, value: unknown) => {
    const accounts = Array.isArray(value) ? (value as string[]).map((a) => a.trim()).filter(Boolean) : [];
    if (accounts.length === 0) return Promise.reject(new Error(t('device.validation.account.required')));
    const problem = checkShareAccounts(accounts, {
      self: [selfName],
      existing: items.map((i) => i.user_name),
      remaining,
    });
    if (!problem) return Promise.resolve();
    return Promise.reject(
      new Error(
        t(`device.share.problem.${problem.problem}`, {
          account: problem.account ?? '',
          max: SHARE_USERS_MAX,
          remaining,
        }),
      ),
    );
  };

  const onFinish = async (values: Values) => {
    if (!device) return;
    const accounts = values.accounts.map((a) => a.trim()).filter(Boolean);
    try {
      await share.mutateAsync({ device_ids: [device.id], accounts, can_write: values.can_write });
      toast.success(t('device.share.success', { count: accounts.length }));
      form.resetFields();
      setError(null);
    } catch (e) {
      setError(applyServerError(form, e, ['accounts']));
    }
  };

  return (
    <Modal
      open={open && device !== null}
      title={t('device.share.title', { name })}
      width={600}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => setError(null)}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('device.action.done')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        name="device-share"
        layout="vertical"
        preserve={false}
        initialValues={{ accounts: [], can_write: false }}
        onFinish={(v) => void onFinish(v)}
        onValuesChange={() => error && setError(null)}
        className="devreg-share__form"
      >
        <Form.Item
          name="accounts"
          label={t('device.share.accounts')}
          extra={t('device.share.accountsHint')}
          rules={[{ validator: validateAccounts }]}
        >
          <Select
            mode="tags"
            suffix={null}
            notFoundContent={null}
            tokenSeparators={[',', '，', ' ', ';']}
            placeholder={t('device.share.accountsPlaceholder')}
            aria-label={t('device.share.accounts')}
            disabled={remaining <= 0}
          />
        </Form.Item>
        <div className="devreg-share__row">
          <Form.Item name="can_write" valuePropName="checked" noStyle>
            <Switch aria-label={t('device.share.canWrite')} />
          </Form.Item>
          <Typography.Text>{t('device.share.canWrite')}</Typography.Text>
          <Typography.Text type="secondary" className="devreg-share__hint">
            {t('device.share.canWriteHint')}
          </Typography.Text>
          <span className="devreg-flex-spacer" />
          <Button
            type="primary"
            htmlType="submit"
            icon={<ShareAltOutlined />}
            loading={share.isPending}
            disabled={remaining <= 0}
          >
            {t('device.share.submit')}
          </Button>
        </div>
        {error && <Alert className="devreg-share__alert" type="error" showIcon title={error} />}
      </Form>

      <div className="devreg-share__head">
        <Typography.Text strong>{t('device.share.current')}</Typography.Text>
        <Tag color={remaining > 0 ? 'blue' : 'red'} variant="filled">
          {t('device.share.remaining', { remaining, max: SHARE_USERS_MAX })}
        </Tag>
      </div>
      <GrantList
        items={items}
        loading={shares.isPending}
        empty={t('device.share.none')}
        confirmTitle={(u) => t('device.share.removeConfirm', { account: u.user_name })}
        confirmOk={t('device.action.remove')}
        removeLabel={(u) => t('device.share.removeNamed', { account: u.user_name })}
        onRemove={(u) => {
          if (!device) return;
          remove.mutateAsync({ deviceId: device.id, userId: u.user_id }).then(
            () => toast.success(t('device.share.removed')),
            () => undefined,
          );
        }}
      />
    </Modal>
  );
});
