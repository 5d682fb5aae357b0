// A user's quotas: whole numbers up to the platform's value (the operator's ceiling), empty = the platform's value.
import { Alert, Col, Form, InputNumber, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUserQuota } from '../api/get-user-quota';
import { useUpdateUserQuota } from '../api/update-user-quota';
import { isValidQuota, toQuotaBody } from '../lib/rules';
import { QUOTA_FIELDS, type Quota, type UserOut } from '../types';
import { perOpening } from '@/components/per-opening';

type Values = Partial<Record<keyof Quota, number | null>>;

const UNIT_FIELDS: ReadonlySet<string> = new Set(['gallery_mb', 'screen_versions_mb', 'history_storage_mb']);

export const QuotaModal = perOpening(function QuotaModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserOut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const quota = useUserQuota(open ? (user?.id ?? null) : null);
  const update = useUpdateUserQuota();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    if (!user) return;
    setFormError(null);
    try {
      await update.mutateAsync({ id: user.id, quota: toQuotaBody(QUOTA_FIELDS, values) });
      toast.success(t('team.quota.saved'));
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, QUOTA_FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open && user !== null}
      title={t('team.quota.title', { name: user?.user_name ?? '' })}
      width={640}
      form={form}
      name="team-quota"
      initialValues={quota.data}
      loading={update.isPending}
      error={formError}
      onErrorChange={setFormError}
      clearErrorOnChange={false}
      onClose={onClose}
      onFinish={onFinish}
      okButtonProps={{ disabled: !quota.data }}
      intro={
        <>
          <Typography.Paragraph type="secondary">{t('team.quota.hint')}</Typography.Paragraph>
          {quota.isError && <Alert type="error" showIcon title={t('team.quota.loadFailed')} />}
        </>
      }
      formReady={quota.data !== undefined}
      placeholder={
        quota.isPending && open ? (
          <div className="team-tree__state">
            <Spin />
          </div>
        ) : null
      }
    >
      <Row gutter={16}>
        {QUOTA_FIELDS.map((field) => {
          const max = quota.data?.platform[field];
          return (
            <Col xs={24} sm={12} key={field}>
              <Form.Item
                name={field}
                label={t(`team.quota.field.${field}`)}
                extra={
                  quota.data ? t('team.quota.inForce', { value: quota.data.effective[field] }) : undefined
                }
                rules={[
                  {
                    validator: (_rule, value: unknown) =>
                      isValidQuota(value, max)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('team.validation.quota', { max: max ?? '' }))),
                  },
                ]}
              >
                <InputNumber
                  className="team-form__number"
                  min={0}
                  max={max}
                  precision={0}
                  placeholder={max === undefined ? undefined : t('team.quota.platform', { value: max })}
                  {...(UNIT_FIELDS.has(field) ? { suffix: t('team.quota.unitMb') } : {})}
                />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </FormModal>
  );
});
