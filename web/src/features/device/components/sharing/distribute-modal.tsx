// Distribute a device to users of the tenant (with or without write access), and withdraw distributions.
import { UsergroupAddOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Select, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelDistribution } from '../../api/cancel-distribution';
import { useDistributeDevices } from '../../api/distribute-devices';
import { useDistributions } from '../../api/list-distributions';
import { useTenantUsers } from '../../api/list-tenant-users';
import { GrantList } from './grant-user-summary';
import type { DeviceOut } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  user_ids: number[];
  can_write: boolean;
}

interface DistributeModalProps {
  open: boolean;
  device: DeviceOut | null;
  onClose: () => void;
}

export const DistributeModal = perOpening(function DistributeModal({
  open,
  device,
  onClose,
}: DistributeModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const selfId = useSession((s) => s.userId);
  const grants = useDistributions(open && device ? device.id : null);
  const users = useTenantUsers(keyword, open);
  const distribute = useDistributeDevices();
  const cancel = useCancelDistribution();
  const [error, setError] = useState<string | null>(null);
  const items = useMemo(() => grants.data ?? [], [grants.data]);
  const name = device ? device.alias || device.sn_code : '';

  const options = useMemo(() => {
    const given = new Set(items.map((g) => g.user_id));
    return (users.data?.items ?? [])
      .filter((u) => String(u.id) !== selfId && u.id !== device?.owner_id)
      .map((u) => ({
        value: u.id,
        label: u.nick_name ? `${u.user_name} (${u.nick_name})` : u.user_name,
        ...(given.has(u.id) ? { title: t('device.distribute.already') } : {}),
      }));
  }, [users.data, items, selfId, device, t]);

  const onFinish = async (values: Values) => {
    if (!device) return;
    try {
      await distribute.mutateAsync({
        device_ids: [device.id],
        user_ids: values.user_ids,
        can_write: values.can_write,
      });
      toast.success(t('device.distribute.success', { count: values.user_ids.length }));
      form.resetFields();
      setError(null);
    } catch (e) {
      setError(applyServerError(form, e, ['user_ids']));
    }
  };

  return (
    <Modal
      open={open && device !== null}
      title={t('device.distribute.title', { name })}
      width={600}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => {
        setError(null);
        setKeyword('');
      }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('device.action.done')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        name="device-distribute"
        layout="vertical"
        preserve={false}
        initialValues={{ user_ids: [], can_write: false }}
        onFinish={(v) => void onFinish(v)}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item
          name="user_ids"
          label={t('device.distribute.users')}
          extra={t('device.distribute.usersHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('device.validation.users.required') }]}
        >
          <Select
            mode="multiple"
            placeholder={t('device.distribute.usersPlaceholder')}
            options={options}
            loading={users.isFetching}
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            notFoundContent={
              users.isError ? t('device.distribute.usersUnavailable') : t('device.distribute.noUsers')
            }
          />
        </Form.Item>
        <div className="devreg-share__row">
          <Form.Item name="can_write" valuePropName="checked" noStyle>
            <Switch aria-label={t('device.share.canWrite')} />
          </Form.Item>
          <Typography.Text>{t('device.share.canWrite')}</Typography.Text>
          <span className="devreg-flex-spacer" />
          <Button
            type="primary"
            htmlType="submit"
            icon={<UsergroupAddOutlined />}
            loading={distribute.isPending}
          >
            {t('device.distribute.submit')}
          </Button>
        </div>
        {error && <Alert className="devreg-share__alert" type="error" showIcon title={error} />}
      </Form>

      <div className="devreg-share__head">
        <Typography.Text strong>{t('device.distribute.current')}</Typography.Text>
        <Tag variant="filled">{t('device.distribute.count', { count: items.length })}</Tag>
      </div>
      <GrantList
        items={items}
        loading={grants.isPending}
        empty={t('device.distribute.none')}
        confirmTitle={(u) => t('device.distribute.cancelConfirm', { account: u.user_name })}
        confirmOk={t('device.distribute.cancel')}
        removeLabel={(u) => t('device.distribute.cancelNamed', { account: u.user_name })}
        onRemove={(u) => {
          if (!device) return;
          cancel.mutateAsync({ device_ids: [device.id], user_ids: [u.user_id] }).then(
            () => toast.success(t('device.distribute.cancelled')),
            () => undefined,
          );
        }}
      />
    </Modal>
  );
});
