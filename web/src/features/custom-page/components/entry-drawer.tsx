// One custom menu entry added or edited in a drawer: its name (1–15 characters, unique in the configuration), what it
// opens (a page's http(s) address or console route, a dashboard, or, at the first level, a group of entries), its
// icon and who sees it. The rules are the server's (system/menus/service.py), with translated messages; the drawer
// is mounted anew at each opening (perOpening), so it shows the entry it was opened with.
import { AutoComplete, Button, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { CustomIcon } from '@/components/custom-menus/icons';
import { perOpening } from '@/components/per-opening';
import { useIsPhone } from '@/components/use-phone';
import { isWebUrl } from '@/lib/custom-menus/targets';
import {
  CUSTOM_MENU_ICONS,
  CUSTOM_MENU_NAME_MAX,
  CUSTOM_MENU_ROLES_MAX,
  CUSTOM_MENU_URL_MAX,
} from '@/types/limits.gen';
import { isValidName, isValidTarget, nameKey, type DraftChild } from '../lib/editor-model';

export interface Option {
  value: number;
  label: string;
}

export interface EntryDrawerProps {
  open: boolean;
  /** The entry edited; null adds one (with `newId`). */
  entry: DraftChild | null;
  newId: string;
  /** A first-level entry may be a group; a group's entries may not. */
  firstLevel: boolean;
  /** A group holding entries keeps its kind. */
  holdsEntries: boolean;
  /** Every other entry's name, as nameKey gives it. */
  takenNames: ReadonlySet<string>;
  roles: readonly Option[];
  dashboards: readonly Option[];
  /** False when the caller cannot list dashboards (the dashboard page's codes). */
  dashboardsAllowed: boolean;
  /** The console's pages a route entry may name. */
  consolePages: readonly { value: string; label: string }[];
  onSave: (entry: DraftChild) => void;
  onClose: () => void;
}

interface Values {
  name: string;
  kind: DraftChild['kind'];
  url: string;
  dashboard_id: number | null;
  icon: string | null;
  visibility: DraftChild['visibility'];
  role_ids: number[];
}

function EntryDrawerBody(props: EntryDrawerProps) {
  const { open, entry, newId, firstLevel, holdsEntries, takenNames, roles, dashboards, onSave, onClose } =
    props;
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  // Undefined until the form has mounted its fields.
  const watchedKind = Form.useWatch('kind', form) as Values['kind'] | undefined;
  const watchedVisibility = Form.useWatch('visibility', form) as Values['visibility'] | undefined;
  const watchedUrl = Form.useWatch('url', form) as string | undefined;
  const kind = watchedKind ?? entry?.kind ?? 'page';
  const visibility = watchedVisibility ?? entry?.visibility ?? 'all';
  const url = watchedUrl ?? entry?.url ?? '';
  const initial: Values = {
    name: entry?.name ?? '',
    kind: entry?.kind ?? 'page',
    url: entry?.url ?? '',
    dashboard_id: entry?.dashboard_id ?? null,
    icon: entry?.icon ?? null,
    visibility: entry?.visibility ?? 'all',
    role_ids: entry?.role_ids ?? [],
  };
  const dashboardOptions =
    initial.dashboard_id && !dashboards.some((d) => d.value === initial.dashboard_id)
      ? [
          ...dashboards,
          {
            value: initial.dashboard_id,
            label: t('system.customMenus.entry.dashboardUnknown', { id: initial.dashboard_id }),
          },
        ]
      : dashboards;

  const finish = (values: Values) => {
    onSave({
      id: entry?.id ?? newId,
      name: values.name.trim(),
      kind: values.kind,
      url: values.kind === 'page' ? values.url.trim() : '',
      dashboard_id: values.kind === 'dashboard' ? values.dashboard_id : null,
      icon: values.icon ?? null,
      visibility: values.visibility,
      role_ids: values.visibility === 'roles' ? values.role_ids : [],
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
      title={entry ? t('system.customMenus.entry.editTitle') : t('system.customMenus.entry.addTitle')}
      footer={
        <Space className="custom-page__drawer-actions">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()}>
            {t('common.action.ok')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="custom-menu-entry"
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={finish}
      >
        <Form.Item
          name="name"
          label={t('system.customMenus.entry.name')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const name = value ?? '';
                if (!isValidName(name))
                  return Promise.reject(
                    new Error(t('system.customMenus.rules.name', { max: CUSTOM_MENU_NAME_MAX })),
                  );
                if (takenNames.has(nameKey(name)))
                  return Promise.reject(new Error(t('system.customMenus.rules.nameTaken')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input
            maxLength={CUSTOM_MENU_NAME_MAX}
            showCount
            placeholder={t('system.customMenus.entry.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('system.customMenus.entry.kind')}
          extra={holdsEntries ? t('system.customMenus.entry.kindLocked') : undefined}
        >
          <Radio.Group
            optionType="button"
            disabled={holdsEntries}
            options={[
              { value: 'page', label: t('system.customMenus.kind.page') },
              { value: 'dashboard', label: t('system.customMenus.kind.dashboard') },
              ...(firstLevel ? [{ value: 'group', label: t('system.customMenus.kind.group') }] : []),
            ]}
          />
        </Form.Item>
        {kind === 'page' && (
          <Form.Item
            name="url"
            label={t('system.customMenus.entry.url')}
            extra={
              isWebUrl(url.trim())
                ? t('system.customMenus.entry.urlFramed')
                : t('system.customMenus.entry.urlHint')
            }
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  isValidTarget(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('system.customMenus.rules.url'))),
              },
            ]}
          >
            <AutoComplete
              options={[...props.consolePages]}
              showSearch={{
                filterOption: (input, option) =>
                  `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.toLowerCase()),
              }}
            >
              <Input maxLength={CUSTOM_MENU_URL_MAX} placeholder="https://… /device/devgroup" allowClear />
            </AutoComplete>
          </Form.Item>
        )}
        {kind === 'dashboard' && (
          <Form.Item
            name="dashboard_id"
            label={t('system.customMenus.entry.dashboard')}
            extra={props.dashboardsAllowed ? undefined : t('system.customMenus.entry.dashboardsDenied')}
            rules={[{ required: true, message: t('system.customMenus.rules.dashboard') }]}
          >
            <Select
              options={dashboardOptions.map((d) => ({ value: d.value, label: d.label }))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('system.customMenus.entry.dashboardPlaceholder')}
              notFoundContent={t('system.customMenus.entry.noDashboards')}
            />
          </Form.Item>
        )}
        <Form.Item name="icon" label={t('system.customMenus.entry.icon')}>
          <Select
            allowClear
            placeholder={t('system.customMenus.entry.iconPlaceholder')}
            options={CUSTOM_MENU_ICONS.map((name) => ({
              value: name,
              label: (
                <Space>
                  <CustomIcon name={name} />
                  {name.replace(/Outlined$/, '')}
                </Space>
              ),
              title: name,
            }))}
            showSearch={{ optionFilterProp: 'title' }}
          />
        </Form.Item>
        <Form.Item name="visibility" label={t('system.customMenus.entry.visibility')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('system.customMenus.visibility.all') },
              { value: 'roles', label: t('system.customMenus.visibility.roles') },
            ]}
          />
        </Form.Item>
        {visibility === 'roles' && (
          <Form.Item
            name="role_ids"
            label={t('system.customMenus.entry.roles')}
            extra={t('system.customMenus.entry.rolesHint')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('system.customMenus.rules.roles') },
              {
                type: 'array',
                max: CUSTOM_MENU_ROLES_MAX,
                message: t('system.customMenus.rules.rolesMax', { max: CUSTOM_MENU_ROLES_MAX }),
              },
            ]}
          >
            <Select
              mode="multiple"
              options={roles.map((r) => ({ value: r.value, label: r.label }))}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('system.customMenus.entry.rolesPlaceholder')}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}

export const EntryDrawer = perOpening(EntryDrawerBody);
