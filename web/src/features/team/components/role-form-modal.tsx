// Create / edit a role: name (no spaces or special characters), permissions, custom home page, fullscreen, and what
// its users may do on devices and templates (the device and template permission items).
import { Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { useAppState } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateRole } from '../api/create-role';
import { usePermissionTree } from '../api/get-permission-tree';
import { useUpdateRole } from '../api/update-role';
import { homePageChoices } from '../lib/home-pages';
import { roleNameRules } from '../lib/rules';
import type { RoleInput, RoleOut } from '../types';
import { PermissionTree } from './permission-tree';
import { RoleItems } from './role-items';
import {
  NEW_ROLE_DEVICE_ITEMS,
  NEW_ROLE_TEMPLATE_ITEMS,
  normalizeRoleItems,
  ROLE_DEVICE_ITEMS,
  ROLE_TEMPLATE_ITEMS,
  ROLE_TEMPLATE_ITEMS_MAX,
  TEMPLATE_ALWAYS,
} from '../lib/role-items';
import { ROLE_NAME_MAX } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  permissions: string[];
  home_page?: string | null;
  dashboard_fullscreen: boolean;
  device_permissions: string[];
  template_permissions: string[];
}

const FIELDS = [
  'name',
  'permissions',
  'home_page',
  'dashboard_fullscreen',
  'device_permissions',
  'template_permissions',
] as const;

interface RoleFormModalProps {
  open: boolean;
  /** null: create. */
  role: RoleOut | null;
  onClose: () => void;
}

export const RoleFormModal = perOpening(function RoleFormModal({ open, role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const tree = usePermissionTree();
  const [formError, setFormError] = useState<string | null>(null);
  // Undefined until the form has mounted.
  const permissions = Form.useWatch('permissions', form) as string[] | undefined;
  const homePage = Form.useWatch('home_page', form);
  const choices = homePageChoices(permissions ?? []);
  const nameOf = (code: string): string => {
    const node = tree.data?.find((n) => n.code === code);
    return (language === 'en' ? node?.en : node?.zh) || code;
  };

  const onFinish = async (values: Values) => {
    setFormError(null);
    const input: RoleInput = {
      name: values.name.trim(),
      permissions: values.permissions,
      home_page: values.home_page && values.permissions.includes(values.home_page) ? values.home_page : null,
      dashboard_fullscreen: values.dashboard_fullscreen,
      device_permissions: normalizeRoleItems(ROLE_DEVICE_ITEMS, values.device_permissions),
      template_permissions: normalizeRoleItems(
        ROLE_TEMPLATE_ITEMS,
        values.template_permissions,
        TEMPLATE_ALWAYS,
      ),
    };
    try {
      if (role) {
        await update.mutateAsync({ id: role.id, input });
        toast.success(t('team.role.updated'));
      } else {
        await create.mutateAsync(input);
        toast.success(t('team.role.created'));
      }
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={role ? t('team.role.editTitle') : t('team.role.createTitle')}
      width={640}
      form={form}
      name="team-role"
      initialValues={{
        name: role?.name ?? '',
        permissions: role?.permissions ?? [],
        home_page: role?.home_page ?? null,
        dashboard_fullscreen: role?.dashboard_fullscreen ?? false,
        device_permissions: normalizeRoleItems(
          ROLE_DEVICE_ITEMS,
          role ? role.device_permissions : NEW_ROLE_DEVICE_ITEMS,
        ),
        template_permissions: normalizeRoleItems(
          ROLE_TEMPLATE_ITEMS,
          role ? role.template_permissions : NEW_ROLE_TEMPLATE_ITEMS,
          TEMPLATE_ALWAYS,
        ),
      }}
      loading={create.isPending || update.isPending}
      error={formError}
      onErrorChange={setFormError}
      onValuesChange={(changed: Partial<Values>) => {
        // A home page the role no longer holds is cleared.
        if (changed.permissions && homePage && !changed.permissions.includes(homePage)) {
          form.setFieldValue('home_page', null);
        }
      }}
      onClose={onClose}
      onFinish={onFinish}
      hiddenSubmit={false}
      formProps={{ className: 'team-form' }}
    >
      <Form.Item
        name="name"
        label={t('team.role.field.name')}
        rules={roleNameRules(t)}
        extra={t('team.role.field.nameHint')}
      >
        <Input autoComplete="off" maxLength={ROLE_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('team.role.field.permissions')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('team.validation.permissions.required') },
        ]}
      >
        <PermissionTree height={300} />
      </Form.Item>
      <Form.Item
        name="home_page"
        label={t('team.role.field.homePage')}
        extra={t('team.role.field.homePageHint')}
      >
        <Select
          allowClear
          placeholder={t('team.role.field.homePagePlaceholder')}
          options={choices.map((code) => ({ value: code, label: nameOf(code) }))}
          notFoundContent={t('team.role.field.homePageEmpty')}
        />
      </Form.Item>
      <Form.Item
        name="dashboard_fullscreen"
        label={t('team.role.field.dashboardFullscreen')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="device_permissions"
        label={t('team.role.field.devicePermissions')}
        extra={t('team.role.field.devicePermissionsHint')}
      >
        <RoleItems items={ROLE_DEVICE_ITEMS} aria-label={t('team.role.field.devicePermissions')} />
      </Form.Item>
      <Form.Item
        name="template_permissions"
        label={t('team.role.field.templatePermissions')}
        extra={t('team.role.field.templatePermissionsHint')}
        rules={[
          {
            type: 'array',
            max: ROLE_TEMPLATE_ITEMS_MAX,
            message: t('team.validation.templateItems.max', { max: ROLE_TEMPLATE_ITEMS_MAX }),
          },
        ]}
      >
        <RoleItems
          items={ROLE_TEMPLATE_ITEMS}
          always={TEMPLATE_ALWAYS}
          aria-label={t('team.role.field.templatePermissions')}
        />
      </Form.Item>
    </FormModal>
  );
});
