// Create or edit a share link (/yun/components/share). A configuration link: its devices, permission (read-only or
// with control); a dashboard link (link type 2) or a sector link (link type 3), both read-only: its dashboard or
// business sector and the device and device group its trees start on, each optional (a starting device beyond the
// picker's first 200 is asked for by its id, so it shows its name). All: expiry date, access limit,
// note and, when editing, whether it is enabled. The links page, the configuration monitor's "Share" button, the
// dashboards page's "Share" action and the sector pages' (the sector list, the portal, a sector's presentation) open
// it. A new link's address (/share-cfg, /share-db or /detail) is copied at once and shown once (ShareLinkUrlModal):
// the server keeps only its hash. A device no longer available stays listed as gone until it is removed.
import { DatePicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import {
  copyText,
  isGone,
  LINK_TYPE_CONFIGURATION,
  LINK_TYPE_DASHBOARD,
  LINK_TYPE_SECTOR,
  PERMISSION_CONTROL,
  PERMISSION_READ,
  shareLinkUrl,
  useCreateShareLink,
  useUpdateShareLink,
  type ShareLinkOut,
} from '@/lib/share-links/api';
import { toast } from '@/lib/toast';
import {
  SHARE_LINK_ACCESS_LIMIT_MAX,
  SHARE_LINK_DEVICES_MAX,
  SHARE_LINK_DEVICES_MIN,
  SHARE_LINK_NOTE_MAX,
} from '@/types/limits.gen';
import { FormModal } from './form-modal';
import { DeviceGroupPicker } from './pickers/device-group-picker';
import { DevicePicker, deviceLabel } from './pickers/device-picker';
import { ShareLinkUrlModal } from './share-link-url-modal';
import { perOpening } from './per-opening';

interface Values {
  device_ids: number[];
  permission: number;
  /** A dashboard or sector link's starting device and group. */
  device_id: number | null;
  group_id: number | null;
  expire_at: Dayjs | null;
  access_limit: number | null;
  note: string;
  enabled: boolean;
}

const FIELDS = [
  'device_ids',
  'permission',
  'device_id',
  'group_id',
  'expire_at',
  'access_limit',
  'note',
] as const;

/** The dashboard a new dashboard link shares, or the sector a new sector link shares. */
export interface SharedDashboardChoice {
  id: number;
  name: string;
}

export interface ShareLinkModalProps {
  open: boolean;
  /** null: a new link. */
  link: ShareLinkOut | null;
  /** A new link's devices chosen beforehand (the configuration monitor's device). */
  deviceIds?: readonly number[];
  /** A new dashboard link's dashboard (the dashboards page's card). */
  dashboard?: SharedDashboardChoice | undefined;
  /** A new sector link's sector (the sector list's row, the portal's tile, the presentation's bar). */
  sector?: SharedDashboardChoice | undefined;
  onClose: () => void;
}

/** The end of the chosen day: a link "expiring on the 3rd" opens all that day. */
const endOfDay = (day: Dayjs | null): number | null => (day ? day.endOf('day').valueOf() : null);

/** The edited link keeps the expiry it has (the day shown unchanged): the server refuses a past one on an edit. */
function keepsExpiry(link: ShareLinkOut | null, day: Dayjs | null): boolean {
  if (link === null) return false;
  if (link.expire_at === null) return day === null;
  return day?.isSame(dayjs(link.expire_at), 'day') ?? false;
}

export const ShareLinkModal = perOpening(function ShareLinkModal({
  open,
  link,
  deviceIds = [],
  dashboard,
  sector,
  onClose,
}: ShareLinkModalProps) {
  const { t } = useTranslation();
  const linkType =
    link?.link_type ??
    (sector ? LINK_TYPE_SECTOR : dashboard ? LINK_TYPE_DASHBOARD : LINK_TYPE_CONFIGURATION);
  const ofSector = linkType === LINK_TYPE_SECTOR;
  // A dashboard or sector link: read-only, no devices, a starting device and group.
  const ofDashboard = linkType === LINK_TYPE_DASHBOARD || ofSector;
  const [form] = Form.useForm<Values>();
  const create = useCreateShareLink();
  const update = useUpdateShareLink();
  const [formError, setFormError] = useState<string | null>(null);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    const common = {
      expire_at: endOfDay(values.expire_at),
      access_limit: values.access_limit ?? null,
      note: values.note.trim(),
    };
    // What an edit changes of its kind: a dashboard or sector link's starting device and group (null: none), a
    // configuration link's devices and permission.
    const own = ofDashboard
      ? { device_id: values.device_id ?? null, group_id: values.group_id ?? null }
      : { device_ids: values.device_ids, permission: values.permission };
    try {
      if (link) {
        const { expire_at, ...rest } = common;
        await update.mutateAsync({
          id: link.id,
          ...own,
          ...rest,
          ...(keepsExpiry(link, values.expire_at) ? {} : { expire_at }),
          use_state: values.enabled ? 1 : 0,
        });
        toast.success(t('share.link.updated'));
      } else {
        const start = {
          ...(values.device_id == null ? {} : { device_id: values.device_id }),
          ...(values.group_id == null ? {} : { group_id: values.group_id }),
        };
        const created = await create.mutateAsync(
          ofSector
            ? {
                link_type: LINK_TYPE_SECTOR,
                permission: PERMISSION_READ,
                sector_id: sector?.id ?? null,
                ...start,
                ...common,
              }
            : ofDashboard
              ? {
                  link_type: LINK_TYPE_DASHBOARD,
                  permission: PERMISSION_READ,
                  dashboard_id: dashboard?.id ?? null,
                  ...start,
                  ...common,
                }
              : {
                  link_type: LINK_TYPE_CONFIGURATION,
                  device_ids: values.device_ids,
                  permission: values.permission,
                  ...common,
                },
        );
        if (created.token) {
          const url = shareLinkUrl(created.token, created.link_type);
          const copied = await copyText(url);
          toast.success(t(copied ? 'share.link.createdCopied' : 'share.link.created'));
          setCreatedUrl(url);
        }
      }
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <>
      <ShareLinkUrlModal
        url={createdUrl}
        title={t('share.url.createdTitle')}
        onClose={() => setCreatedUrl(null)}
      />
      <FormModal<Values>
        open={open}
        title={t(
          ofSector
            ? link
              ? 'share.sectorLink.editTitle'
              : 'share.sectorLink.createTitle'
            : ofDashboard
              ? link
                ? 'share.dashboardLink.editTitle'
                : 'share.dashboardLink.createTitle'
              : link
                ? 'share.link.editTitle'
                : 'share.link.createTitle',
        )}
        width={560}
        form={form}
        name="share-link"
        initialValues={{
          device_ids: link ? link.devices.map((d) => d.id) : [...deviceIds],
          permission: link?.permission ?? PERMISSION_READ,
          device_id: link?.device_id ?? null,
          group_id: link?.group_id ?? null,
          expire_at: link?.expire_at ? dayjs(link.expire_at) : null,
          access_limit: link?.access_limit ?? null,
          note: link?.note ?? '',
          enabled: link ? link.use_state === 1 : true,
        }}
        loading={create.isPending || update.isPending}
        error={formError}
        onErrorChange={setFormError}
        onClose={onClose}
        onFinish={onFinish}
        okText={link ? undefined : t('share.link.create')}
        hiddenSubmit={false}
      >
        {ofDashboard ? (
          <BoardFields
            shared={ofSector ? link?.sector : link?.dashboard}
            chosen={ofSector ? sector : dashboard}
            ofSector={ofSector}
            open={open}
          />
        ) : (
          <>
            <Form.Item
              name="device_ids"
              label={t('share.link.field.devices')}
              rules={[
                {
                  required: true,
                  type: 'array',
                  min: SHARE_LINK_DEVICES_MIN,
                  message: t('share.validation.devices'),
                },
                {
                  type: 'array',
                  max: SHARE_LINK_DEVICES_MAX,
                  message: t('share.validation.devicesMax', { max: SHARE_LINK_DEVICES_MAX }),
                },
              ]}
            >
              <DevicePicker<number[]>
                mode="multiple"
                enabled={open}
                aria-label={t('share.link.field.devices')}
                formatLabel={(d) => (d.sn_code ? deviceLabel(d) : (d.alias ?? ''))}
                known={(link?.devices ?? []).map((d) =>
                  isGone(d)
                    ? { id: d.id, sn_code: '', alias: t('share.device.gone') }
                    : { id: d.id, sn_code: d.sn, alias: d.name },
                )}
              />
            </Form.Item>
            <Form.Item name="permission" label={t('share.link.field.permission')}>
              <Radio.Group
                options={[
                  { value: PERMISSION_READ, label: t('share.permission.1') },
                  { value: PERMISSION_CONTROL, label: t('share.permission.2') },
                ]}
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="expire_at"
          label={t('share.link.field.expireAt')}
          extra={t('share.link.field.expireAtHint')}
          rules={[
            {
              validator: (_rule, value: Dayjs | null) =>
                !value || value.endOf('day').isAfter(dayjs()) || keepsExpiry(link, value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('share.validation.expireAt'))),
            },
          ]}
        >
          <DatePicker
            className="share-link-modal__date"
            allowClear
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            placeholder={t('share.link.never')}
          />
        </Form.Item>
        <Form.Item
          name="access_limit"
          label={t('share.link.field.accessLimit')}
          extra={t('share.link.field.accessLimitHint')}
          rules={[
            {
              type: 'integer',
              min: 1,
              max: SHARE_LINK_ACCESS_LIMIT_MAX,
              message: t('share.validation.accessLimit', { max: SHARE_LINK_ACCESS_LIMIT_MAX }),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={SHARE_LINK_ACCESS_LIMIT_MAX}
            precision={0}
            placeholder={t('share.link.unlimited')}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('share.link.field.note')}
          rules={[
            { max: SHARE_LINK_NOTE_MAX, message: t('share.validation.note', { max: SHARE_LINK_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={SHARE_LINK_NOTE_MAX} showCount />
        </Form.Item>
        {link && (
          <Form.Item name="enabled" label={t('share.link.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </FormModal>
    </>
  );
});

/** A dashboard or sector link's own fields: the dashboard or sector it shares (fixed) and where its trees start. */
function BoardFields({
  shared,
  chosen,
  ofSector,
  open,
}: {
  /** What the edited link shares (null or undefined for a new link). */
  shared: ShareLinkOut['dashboard'] | undefined;
  /** What a new link shares. */
  chosen: SharedDashboardChoice | undefined;
  ofSector: boolean;
  open: boolean;
}) {
  const { t } = useTranslation();
  const gone = t(ofSector ? 'share.sectorLink.gone' : 'share.dashboardLink.gone');
  const name = shared ? (shared.available ? shared.name : gone) : (chosen?.name ?? '');
  return (
    <>
      <Form.Item
        label={t(ofSector ? 'share.sectorLink.field.sector' : 'share.dashboardLink.field.dashboard')}
      >
        <span
          className="share-link-modal__dashboard"
          data-testid={ofSector ? 'share-link-sector' : 'share-link-dashboard'}
        >
          {name}
        </span>
      </Form.Item>
      <Form.Item
        name="device_id"
        label={t('share.dashboardLink.field.device')}
        extra={t('share.dashboardLink.field.deviceHint')}
      >
        <DevicePicker<number>
          allowClear
          nameChosen
          enabled={open}
          aria-label={t('share.dashboardLink.field.device')}
          placeholder={t('share.dashboardLink.field.none')}
        />
      </Form.Item>
      <Form.Item
        name="group_id"
        label={t('share.dashboardLink.field.group')}
        extra={t('share.dashboardLink.field.groupHint')}
      >
        <DeviceGroupPicker
          allowClear
          aria-label={t('share.dashboardLink.field.group')}
          placeholder={t('share.dashboardLink.field.none')}
        />
      </Form.Item>
    </>
  );
}
