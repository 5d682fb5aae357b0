// Hand a template over to another account (any tenant), after an explicit confirmation; the server refuses a
// published or bound template, oneself and unknown accounts (115022), shown under the field.
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTransferTemplate } from '../../api/transfer-template';
import type { LibraryTemplate } from '../../types-library';
import { OwnTemplateSelect } from './own-template-select';
import { perOpening } from '@/components/per-opening';

interface Values {
  template_id: number | null;
  account: string;
}

interface TransferTemplateModalProps {
  open: boolean;
  /** null: the dialog asks which of the caller's templates to hand over. */
  template: Pick<LibraryTemplate, 'id' | 'name' | 'published' | 'bound_count'> | null;
  onClose: () => void;
}

export const TransferTemplateModal = perOpening(function TransferTemplateModal({
  open,
  template,
  onClose,
}: TransferTemplateModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const transfer = useTransferTemplate();
  const selfName = useSession((s) => s.name);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Pick<
    LibraryTemplate,
    'id' | 'name' | 'published' | 'bound_count'
  > | null>(null);
  const current = template ?? picked;
  const close = () => {
    setPicked(null);
    onClose();
  };
  const blocked = current !== null && (current.published || current.bound_count > 0);

  const onFinish = (values: Values) => {
    if (!current) return;
    const account = values.account.trim();
    void modal.confirm({
      title: t('configure.library.transfer.confirmTitle', { name: current.name, account }),
      content: t('configure.library.transfer.confirmContent'),
      okText: t('configure.library.transfer.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        try {
          await transfer.mutateAsync({ template_id: current.id, account });
          toast.success(t('configure.library.transfer.success', { name: current.name, account }));
          close();
        } catch (e) {
          setError(applyServerError(form, e, ['account']));
        }
      },
    });
  };

  return (
    <FormModal<Values>
      open={open}
      title={
        current
          ? t('configure.library.transfer.title', { name: current.name })
          : t('configure.library.transfer.titleNew')
      }
      width={500}
      form={form}
      name="template-transfer"
      initialValues={{ template_id: template?.id ?? null, account: '' }}
      loading={transfer.isPending}
      error={error}
      onErrorChange={setError}
      onClose={close}
      onFinish={onFinish}
      okText={t('configure.library.transfer.next')}
      okButtonProps={{ danger: true }}
      intro={
        <Alert
          className="tpl-lib-alert"
          type={blocked ? 'error' : 'warning'}
          showIcon
          title={blocked ? t('configure.library.transfer.blocked') : t('configure.library.transfer.warning')}
        />
      }
    >
      {!template && (
        <Form.Item
          name="template_id"
          label={t('configure.library.field.template')}
          rules={[{ required: true, message: t('configure.library.pickTemplate') }]}
        >
          <OwnTemplateSelect onChange={(_id, tpl) => setPicked(tpl)} />
        </Form.Item>
      )}
      <Form.Item
        name="account"
        label={t('configure.library.transfer.account')}
        extra={t('configure.library.transfer.accountHint')}
        rules={[
          { required: true, whitespace: true, message: t('configure.library.share.problem.required') },
          {
            validator: (_rule, value: unknown) =>
              typeof value === 'string' &&
              selfName !== '' &&
              value.trim().toLowerCase() === selfName.toLowerCase()
                ? Promise.reject(
                    new Error(t('configure.library.share.problem.self', { account: value.trim() })),
                  )
                : Promise.resolve(),
          },
        ]}
      >
        <Input autoComplete="off" placeholder={t('configure.library.transfer.accountPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
});
