// Share a template: its receivers with their permission items (edit, remove), new receivers by account (user
// name, phone or email of any tenant) with the items to grant, and how many more the quota allows.
import { DeleteOutlined, EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Empty,
  Form,
  List,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTemplateShares } from '../../api/share-list';
import { useRemoveTemplateShare } from '../../api/share-remove';
import { useShareTemplates } from '../../api/share-template';
import { formatTime } from '../../lib/library-format';
import {
  checkShare,
  cleanAccounts,
  DEFAULT_SHARE_ITEMS,
  normalizeItems,
} from '../../lib/library-permissions';
import type { TemplateReceiver } from '../../types-library';
import { OwnTemplateSelect } from './own-template-select';
import { PermissionCheckboxes, PermissionTags } from './permission-items';
import { perOpening } from '@/components/per-opening';

interface Values {
  accounts: string[];
  permissions: string[];
}

interface ShareManagerModalProps {
  open: boolean;
  /** null: the dialog asks which of the caller's templates to share. */
  template: { id: number; name: string } | null;
  onClose: () => void;
}

export const ShareManagerModal = perOpening(function ShareManagerModal({
  open,
  template,
  onClose,
}: ShareManagerModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const current = template ?? picked;
  const shares = useTemplateShares(open && current ? current.id : null);
  const share = useShareTemplates();
  const remove = useRemoveTemplateShare();
  const selfName = useSession((s) => s.name);
  const [error, setError] = useState<string | null>(null);
  const receivers = shares.data?.items ?? [];
  const remaining = shares.data?.remaining ?? null;
  const full = remaining !== null && remaining <= 0;

  const validateAccounts = (_rule: unknown, value: unknown) => {
    const accounts = Array.isArray(value) ? (value as string[]) : [];
    const problem = checkShare(accounts, form.getFieldValue('permissions') as string[], {
      self: [selfName],
      existing: receivers.map((r) => r.user_name),
      remaining,
    });
    if (!problem) return Promise.resolve();
    return Promise.reject(
      new Error(
        t(`configure.library.share.problem.${problem.problem}`, {
          account: problem.account ?? '',
          remaining: remaining ?? 0,
        }),
      ),
    );
  };

  const onFinish = async (values: Values) => {
    if (!current) return;
    const accounts = cleanAccounts(values.accounts);
    try {
      await share.mutateAsync({
        template_ids: [current.id],
        accounts,
        permissions: normalizeItems(values.permissions),
      });
      toast.success(t('configure.library.share.success', { count: accounts.length }));
      form.resetFields();
      setError(null);
    } catch (e) {
      setError(applyServerError(form, e, ['accounts', 'permissions']));
    }
  };

  const editReceiver = (r: TemplateReceiver) => {
    form.setFieldsValue({ accounts: [r.user_name], permissions: normalizeItems(r.permissions) });
    setError(null);
  };

  return (
    <Modal
      open={open}
      title={
        current
          ? t('configure.library.share.title', { name: current.name })
          : t('configure.library.share.titleNew')
      }
      width={680}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => {
        setError(null);
        setPicked(null);
      }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('configure.library.action.done')}
        </Button>
      }
    >
      {!template && (
        <div className="tpl-lib-share__pick">
          <Typography.Text strong>{t('configure.library.field.template')}</Typography.Text>
          <OwnTemplateSelect
            value={picked?.id ?? null}
            onChange={(_id, tpl) => setPicked(tpl ? { id: tpl.id, name: tpl.name } : null)}
          />
        </div>
      )}
      {current && (
        <>
          <Form<Values>
            form={form}
            name="template-share"
            layout="vertical"
            preserve={false}
            initialValues={{ accounts: [], permissions: [...DEFAULT_SHARE_ITEMS] }}
            onFinish={(v) => void onFinish(v)}
            onValuesChange={() => error && setError(null)}
            className="tpl-lib-share__form"
          >
            <Form.Item
              name="accounts"
              label={t('configure.library.share.accounts')}
              extra={t('configure.library.share.accountsHint')}
              rules={[{ validator: validateAccounts }]}
            >
              <Select
                mode="tags"
                suffix={null}
                notFoundContent={null}
                tokenSeparators={[',', '，', ' ', ';']}
                placeholder={t('configure.library.share.accountsPlaceholder')}
                aria-label={t('configure.library.share.accounts')}
                disabled={full}
              />
            </Form.Item>
            <Form.Item
              name="permissions"
              label={t('configure.library.share.items')}
              extra={t('configure.library.share.itemsHint')}
            >
              <PermissionCheckboxes disabled={full} />
            </Form.Item>
            <div className="tpl-lib-share__submit">
              <Button
                type="primary"
                htmlType="submit"
                icon={<ShareAltOutlined />}
                loading={share.isPending}
                disabled={full}
              >
                {t('configure.library.share.submit')}
              </Button>
            </div>
            {error && <Alert className="tpl-lib-alert" type="error" showIcon title={error} />}
          </Form>

          <div className="tpl-lib-share__head">
            <Typography.Text strong>
              {t('configure.library.share.current', { count: receivers.length })}
            </Typography.Text>
            <Tag color={full ? 'red' : 'blue'} variant="filled">
              {remaining === null
                ? t('configure.library.share.unlimited')
                : t('configure.library.share.remaining', { remaining })}
            </Tag>
          </div>
          {shares.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          ) : receivers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configure.library.share.none')} />
          ) : (
            <List
              size="small"
              bordered
              className="tpl-lib-receivers"
              dataSource={receivers}
              renderItem={(r) => (
                <List.Item
                  actions={[
                    <Tooltip key="edit" title={t('configure.library.share.editItems')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('configure.library.share.editNamed', { account: r.user_name })}
                        onClick={() => editReceiver(r)}
                      />
                    </Tooltip>,
                    <Popconfirm
                      key="remove"
                      title={t('configure.library.share.removeConfirm', { account: r.user_name })}
                      description={t('configure.library.share.removeHint')}
                      okText={t('configure.library.action.remove')}
                      cancelText={t('common.action.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => {
                        remove.mutateAsync({ templateId: current.id, userId: r.user_id }).then(
                          () => toast.success(t('configure.library.share.removed', { account: r.user_name })),
                          () => undefined,
                        );
                      }}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('configure.library.share.removeNamed', { account: r.user_name })}
                      />
                    </Popconfirm>,
                  ]}
                >
                  <div className="tpl-lib-receiver">
                    <Space size={8} wrap>
                      <Typography.Text strong>{r.user_name}</Typography.Text>
                      {r.tenant_name && <Typography.Text type="secondary">{r.tenant_name}</Typography.Text>}
                      <Typography.Text type="secondary" className="tpl-lib-muted-small">
                        {formatTime(r.created_at)}
                      </Typography.Text>
                    </Space>
                    <PermissionTags items={r.permissions} />
                  </div>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Modal>
  );
});
