// The write dialog of a read-write data source: current value, range and unit, the new value checked as the server
// checks it, the control password when one applies; POST /yun/rDev waits for the gateway's ack (up to ~10 s).
import {
  Alert,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Skeleton,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useWriteConfig } from '@/lib/telemetry/get-write-config';
import { useWriteValue } from '@/lib/telemetry/write-value';
import { deviceKeys } from '../../api/keys';
import { formatTime } from '../../lib/format';
import { formatWithUnit } from '@/lib/telemetry/live';
import { checkWriteValue, rangeText, writeErrorText, writeKind } from '@/lib/telemetry/write-rules';
import type { LiveItem, WriteConfigOut } from '@/lib/telemetry/types';
import { EMPTY } from '@/lib/empty';
import { perOpening } from '@/components/per-opening';

/** Server codes shown next to a field rather than as a toast. */
/** A write is recorded in the device log, so its list refreshes after one. */
const WRITE_CHANGES = [deviceKeys.logs()];

const FIELD_CODES: Readonly<Record<string, 'value' | 'password'>> = {
  '110516': 'value',
  '110519': 'password',
  '110520': 'password',
};

interface WriteForm {
  value: number | string | null;
  password?: string;
}

/** Why the server would refuse before looking at the value, as the config tells it (step 2–4), or null. */
function configBlock(config: WriteConfigOut | undefined): 'user' | 'device' | 'offline' | null {
  if (!config) return null;
  if (!config.user_can_write) return 'user';
  if (!config.device_can_write) return 'device';
  if (!config.online) return 'offline';
  return null;
}

interface WriteValueModalProps {
  deviceId: number;
  /** The data source to write; null closes the dialog. */
  item: LiveItem | null;
  /** From GET /rDev, until the write config answers. */
  passwordRequired: boolean;
  onClose: () => void;
}

export const WriteValueModal = perOpening(
  function WriteValueModal({ deviceId, item, passwordRequired, onClose }: WriteValueModalProps) {
    const { t } = useTranslation();
    const [form] = Form.useForm<WriteForm>();
    const open = item !== null;
    const config = useWriteConfig(deviceId, open);
    const write = useWriteValue(WRITE_CHANGES);
    const [sent, setSent] = useState(false);
    const needsPassword = config.data?.password_required ?? passwordRequired;
    const blocked = configBlock(config.data);

    if (!item) return null;
    const kind = writeKind(item.data_type);
    const range = rangeText(item);

    const submit = (values: WriteForm) => {
      const check = checkWriteValue(item, values.value);
      if (!check.ok) {
        form.setFields([{ name: 'value', errors: [writeErrorText(t, check.error)] }]);
        return;
      }
      setSent(true);
      write
        .mutateAsync({
          device_id: deviceId,
          data_source_id: item.id,
          value: check.value,
          ...(needsPassword && values.password ? { password: values.password } : {}),
        })
        .then(
          (ack) => {
            toast.success(
              t('telemetry.write.success', {
                name: item.name,
                value: formatWithUnit(ack.value ?? check.value, item),
              }),
            );
            onClose();
          },
          (error: unknown) => {
            const field = isApiError(error) ? FIELD_CODES[error.code] : undefined;
            const detail = isApiError(error) ? error.detail : String(error);
            if (field) form.setFields([{ name: field, errors: [detail] }]);
            else toast.error(detail);
          },
        )
        .finally(() => {
          setSent(false);
        });
    };

    const valueInput = () => {
      if (kind === 'bit')
        return (
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 0, label: t('telemetry.write.bit.off') },
              { value: 1, label: t('telemetry.write.bit.on') },
            ]}
          />
        );
      if (kind === 'string')
        return (
          <Input
            placeholder={t('telemetry.write.valuePlaceholder')}
            {...(item.string_length ? { maxLength: item.string_length, showCount: true } : {})}
          />
        );
      return (
        <InputNumber<number>
          className="write-dialog__number"
          placeholder={t('telemetry.write.valuePlaceholder')}
          {...(item.unit ? { suffix: item.unit } : {})}
          {...(item.decimals ? { step: 10 ** -item.decimals } : {})}
          stringMode={false}
        />
      );
    };

    const initialValue: WriteForm['value'] =
      kind === 'bit'
        ? item.value === null
          ? null
          : Number(Boolean(item.value))
        : typeof item.value === 'number' || typeof item.value === 'string'
          ? item.value
          : null;

    return (
      <Modal
        open={open}
        title={t('telemetry.write.title', { name: item.name })}
        destroyOnHidden
        mask={{ closable: false }}
        closable={!write.isPending}
        okText={t('telemetry.write.submit')}
        cancelText={t('common.action.cancel')}
        confirmLoading={write.isPending}
        okButtonProps={{ disabled: blocked !== null || config.isPending }}
        cancelButtonProps={{ disabled: write.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          if (!write.isPending) onClose();
        }}
        className="write-dialog"
      >
        <Spin spinning={sent} description={t('telemetry.write.waiting')}>
          <Descriptions
            size="small"
            column={2}
            bordered
            className="write-dialog__facts"
            items={[
              {
                key: 'current',
                label: t('telemetry.write.current'),
                children: (
                  <Typography.Text strong data-testid="write-current">
                    {formatWithUnit(item.value, item)}
                  </Typography.Text>
                ),
              },
              {
                key: 'range',
                label: t('telemetry.write.range'),
                children: range ?? t('telemetry.write.noRange'),
              },
              { key: 'unit', label: t('telemetry.write.unit'), children: item.unit || EMPTY },
              { key: 'type', label: t('telemetry.write.dataType'), children: item.data_type },
              { key: 'time', label: t('telemetry.write.time'), children: formatTime(item.ts), span: 2 },
            ]}
          />
          {blocked && (
            <Alert
              type="warning"
              showIcon
              className="write-dialog__alert"
              title={t(`telemetry.write.blocked.${blocked}`)}
            />
          )}
          {config.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : (
            <Form<WriteForm>
              form={form}
              name="write-value"
              layout="vertical"
              preserve={false}
              initialValues={{ value: initialValue }}
              disabled={blocked !== null}
              onFinish={submit}
              requiredMark={false}
            >
              <Form.Item
                name="value"
                label={t('telemetry.write.value')}
                {...(range ? { extra: `${t('telemetry.write.range')}: ${range}` } : {})}
                rules={[
                  {
                    validator: (_rule, value: unknown) => {
                      const check = checkWriteValue(item, value);
                      return check.ok
                        ? Promise.resolve()
                        : Promise.reject(new Error(writeErrorText(t, check.error)));
                    },
                  },
                ]}
              >
                {valueInput()}
              </Form.Item>
              {needsPassword && (
                <Form.Item
                  name="password"
                  label={t('telemetry.write.password')}
                  extra={t('telemetry.write.passwordHint')}
                  rules={[{ required: true, message: t('telemetry.write.error.password') }]}
                >
                  <Input.Password autoComplete="off" placeholder={t('telemetry.write.passwordPlaceholder')} />
                </Form.Item>
              )}
              <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
            </Form>
          )}
        </Spin>
      </Modal>
    );
  },
  { isOpen: (props) => props.item !== null },
);
