// One user's permissions and quotas as the operator edits them (PUT /administrator/user/privilege with SPEC §3's
// {operator_type, req_data}): each quota's ceiling for this user beside what the user holds and what is in force;
// the user's direct permission codes. Refusals (810106 below usage, 810105, 810113) show on their field.
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { useIsPhone } from '@/components/use-phone';
import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { PERMISSION_TREE } from '@/types/permissions.gen';

import { useEditPrivilege, usePrivilege, type QuotaName, type UserPrivilege } from '../api/operator';

export const QUOTA_NAMES: readonly QuotaName[] = [
  'device_share',
  'template_share',
  'template_create',
  'screens',
  'gallery_mb',
  'screen_versions_mb',
  'exports_kept',
  'sms_push',
  'wechat_push',
  'alarm_storage',
  'history_storage_mb',
];

type QuotaValues = Partial<Record<QuotaName, number | null>>;

interface Props {
  open: boolean;
  userId: number | null;
  onClose: () => void;
}

function QuotaForm({ view }: { view: UserPrivilege }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuotaValues>();
  const edit = useEditPrivilege();
  const [error, setError] = useState('');
  const save = async (values: QuotaValues) => {
    setError('');
    const cleaned = Object.fromEntries(QUOTA_NAMES.map((n) => [n, values[n] ?? null]));
    try {
      await edit.mutateAsync({ operator_type: 'quotas', req_data: { user_id: view.user_id, ...cleaned } });
      toast.success(t('operator.users.quotasSaved'));
    } catch (failure) {
      if (
        isApiError(failure) &&
        failure.field &&
        (QUOTA_NAMES as readonly string[]).includes(failure.field)
      ) {
        form.setFields([{ name: failure.field as QuotaName, errors: [failure.detail] }]);
      } else setError(isApiError(failure) ? failure.detail : t('operator.saveFailed'));
    }
  };
  return (
    <Form<QuotaValues>
      form={form}
      layout="vertical"
      initialValues={view.granted}
      onFinish={(v) => void save(v)}
    >
      <p className="text-secondary">{t('operator.users.quotaHint')}</p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {QUOTA_NAMES.map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`team.quota.field.${name}`)}
          extra={t('operator.users.quotaExtra', {
            used: view.used[name] ?? EMPTY,
            platform: view.quotas.platform[name],
            effective: view.quotas.effective[name],
          })}
        >
          <InputNumber<number>
            min={0}
            precision={0}
            style={{ width: '100%' }}
            placeholder={t('operator.users.platformValue')}
          />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        {t('operator.save')}
      </Button>
    </Form>
  );
}

function PermissionForm({ view }: { view: UserPrivilege }) {
  const { t, i18n } = useTranslation();
  const edit = useEditPrivilege();
  const [codes, setCodes] = useState<string[]>(view.direct_permissions);
  const [error, setError] = useState('');
  const admin = view.role_code === 'administrator';
  const en = i18n.language.startsWith('en');
  const options = PERMISSION_TREE.filter((n) => n.parent !== null).map((n) => ({
    value: n.code,
    label: `${en ? n.en : n.zh} (${n.code})`,
  }));
  const save = async () => {
    setError('');
    try {
      const out = await edit.mutateAsync({
        operator_type: 'permissions',
        req_data: { user_id: view.user_id, permissions: codes },
      });
      setCodes(out.direct_permissions);
      toast.success(t('operator.users.permissionsSaved'));
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail : t('operator.saveFailed'));
    }
  };
  if (admin) return <Alert type="info" showIcon title={t('operator.users.adminHoldsAll')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <p className="text-secondary">
        {t('operator.users.permissionHint', { count: view.role_permissions.length })}
      </p>
      {error && <Alert type="error" showIcon title={error} />}
      <Select
        mode="multiple"
        value={codes}
        onChange={setCodes}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%' }}
        aria-label={t('operator.users.directPermissions')}
        placeholder={t('operator.users.directPermissions')}
      />
      <Button type="primary" onClick={() => void save()} loading={edit.isPending}>
        {t('operator.save')}
      </Button>
    </Space>
  );
}

function PrivilegeDrawerBody({ open, userId, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const view = usePrivilege(open ? userId : null);
  const data = view.data;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 520}
      destroyOnHidden
      title={data ? t('operator.users.drawerTitle', { name: data.user_name }) : t('operator.users.user')}
    >
      {view.isPending ? (
        <Skeleton active />
      ) : view.isError || !data ? (
        <Alert type="error" showIcon title={t('operator.loadFailed')} />
      ) : (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('operator.users.tenant')}>{data.tenant_name}</Descriptions.Item>
            <Descriptions.Item label={t('operator.users.role')}>
              <Tag>{data.role_name}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              { key: 'quotas', label: t('operator.users.quotas'), children: <QuotaForm view={data} /> },
              {
                key: 'permissions',
                label: t('operator.users.permissions'),
                children: <PermissionForm view={data} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

export const PrivilegeDrawer = perOpening(PrivilegeDrawerBody);
