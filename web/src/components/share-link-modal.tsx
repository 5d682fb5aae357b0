// Create or edit a share link (/yun/components/share): its devices, permission (read-only or with control), expiry
// date, access limit, note and, when editing, whether it is enabled. The links page and the configuration monitor's
// "Share" button open it. A new link's address is copied at once and shown once (ShareLinkUrlModal): the server
// keeps only its hash. A device no longer available stays listed as gone until it is removed.
import { DatePicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import {
  copyText,
  isGone,
  LINK_TYPE_CONFIGURATION,
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
import { DevicePicker, deviceLabel } from './pickers/device-picker';
import { ShareLinkUrlModal } from './share-link-url-modal';
import { perOpening } from './per-opening';

interface Values {
  device_ids: number[];
  permission: number;
  expire_at: Dayjs | null;
  access_limit: number | null;
  note: string;
  enabled: boolean;
}

const FIELDS = ['device_ids', 'permission', 'expire_at', 'access_limit', 'note'] as const;

export interface ShareLinkModalProps {
  open: boolean;
  /** null: a new link. */
  link: ShareLinkOut | null;
  /** A new link's devices chosen beforehand (the configuration monitor's device). */
  deviceIds?: readonly number[];
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
  onClose,
}: ShareLinkModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateShareLink();
  const update = useUpdateShareLink();
  const [formError, setFormError] = useState<string | null>(null);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    const fields = {
      device_ids: values.device_ids,
      permission: values.permission,
      expire_at: endOfDay(values.expire_at),
      access_limit: values.access_limit ?? null,
      note: values.note.trim(),
    };
    try {
      if (link) {
        const { expire_at, ...rest } = fields;
        await update.mutateAsync({
          id: link.id,
          ...rest,
          ...(keepsExpiry(link, values.expire_at) ? {} : { expire_at }),
          use_state: values.enabled ? 1 : 0,
        });
        toast.success(t('share.link.updated'));
      } else {
        const created = await create.mutateAsync({ link_type: LINK_TYPE_CONFIGURATION, ...fields });
        if (created.token) {
          const url = shareLinkUrl(created.token);
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
        title={t(link ? 'share.link.editTitle' : 'share.link.createTitle')}
        width={560}
        form={form}
        name="share-link"
        initialValues={{
          device_ids: link ? link.devices.map((d) => d.id) : [...deviceIds],
          permission: link?.permission ?? PERMISSION_READ,
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
