// Create / edit a user. Create asks for the password twice; a secondary administrator must be bound to a group.
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { companyRules, confirmRules, passwordRules, userNameRules } from '@/lib/validation';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/list-roles';
import { useUpdateUser } from '../api/update-user';
import { useRoleLabel } from '../hooks/use-role-label';
import { admin2GroupRules, emailRules, nickNameRules, phoneRules } from '../lib/rules';
import type { UserOut } from '../types';
import { GroupSelect } from './group-select';
import { PASSWORD_MAX, PHONE_DIGITS, USER_NAME_MAX } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

export interface UserFormValues {
  user_name: string;
  password?: string;
  password2?: string;
  nick_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  role_id?: number;
  group_id?: number | null;
  is_admin2: boolean;
  must_change_password: boolean;
}

const FIELDS = [
  'user_name',
  'password',
  'password2',
  'nick_name',
  'phone',
  'email',
  'company',
  'role_id',
  'group_id',
  'is_admin2',
] as const;

interface UserFormModalProps {
  open: boolean;
  /** null: create. */
  user: UserOut | null;
  onClose: () => void;
}

const trimmed = (v: string | undefined): string | undefined => {
  const s = v?.trim();
  return s === '' ? undefined : s;
};

export const UserFormModal = perOpening(function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const roles = useRoleOptions(open);
  const roleLabel = useRoleLabel();
  const [formError, setFormError] = useState<string | null>(null);
  const isAdmin2 = Form.useWatch('is_admin2', form);
  const editing = user !== null;

  const initialValues: Partial<UserFormValues> = user
    ? {
        user_name: user.user_name,
        nick_name: user.nick_name,
        phone: user.phone ?? '',
        email: user.email ?? '',
        company: user.company,
        role_id: user.role_id,
        group_id: user.group_id,
        is_admin2: user.is_admin2,
        must_change_password: user.must_change_password,
      }
    : { is_admin2: false, must_change_password: true, group_id: null };

  const onFinish = async (values: UserFormValues) => {
    setFormError(null);
    const profile = {
      nick_name: trimmed(values.nick_name) ?? '',
      phone: trimmed(values.phone) ?? '',
      email: trimmed(values.email) ?? '',
      company: trimmed(values.company) ?? '',
      ...(values.role_id === undefined ? {} : { role_id: values.role_id }),
      group_id: values.group_id ?? null,
      is_admin2: values.is_admin2,
    };
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, input: profile });
        toast.success(t('team.user.updated'));
      } else {
        await create.mutateAsync({
          ...profile,
          user_name: values.user_name.trim(),
          password: values.password ?? '',
          password2: values.password2 ?? '',
          role_id: values.role_id ?? 0,
          must_change_password: values.must_change_password,
        });
        toast.success(t('team.user.created'));
      }
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS, { account: 'phone' }));
    }
  };

  return (
    <FormModal<UserFormValues>
      open={open}
      title={editing ? t('team.user.editTitle') : t('team.user.createTitle')}
      width={720}
      form={form}
      name="team-user"
      initialValues={initialValues}
      loading={create.isPending || update.isPending}
      error={formError}
      onErrorChange={setFormError}
      onClose={onClose}
      onFinish={onFinish}
      formProps={{ className: 'team-form' }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="user_name"
            label={t('team.user.field.userName')}
            rules={editing ? [] : userNameRules(t)}
          >
            <Input disabled={editing} autoComplete="off" maxLength={USER_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nick_name" label={t('team.user.field.nickName')} rules={nickNameRules(t)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        {!editing && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="password" label={t('team.user.field.password')} rules={passwordRules(t)}>
                <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="password2"
                label={t('team.user.field.password2')}
                dependencies={['password']}
                rules={confirmRules(t)}
              >
                <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('team.user.field.phone')} rules={phoneRules(t)}>
            <Input autoComplete="off" maxLength={PHONE_DIGITS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('team.user.field.email')} rules={emailRules(t)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="company" label={t('team.user.field.company')} rules={companyRules(t)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="role_id"
            label={t('team.user.field.role')}
            rules={[{ required: true, message: t('team.validation.role.required') }]}
          >
            <Select
              loading={roles.isPending}
              placeholder={t('team.user.field.rolePlaceholder')}
              options={(roles.data?.items ?? []).map((r) => ({
                value: r.id,
                label: roleLabel(r.code, r.name),
              }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="group_id"
            label={t('team.user.field.group')}
            dependencies={['is_admin2']}
            rules={admin2GroupRules(t)}
            required={isAdmin2}
          >
            <GroupSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="is_admin2"
            label={t('team.user.field.isAdmin2')}
            valuePropName="checked"
            extra={t('team.user.field.isAdmin2Hint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        {!editing && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="must_change_password"
              label={t('team.user.field.mustChangePassword')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
});
