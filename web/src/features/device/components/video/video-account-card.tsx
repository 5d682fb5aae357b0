// The tenant's video cloud account on /fluoriteCloudCamera (issue 38 point 3): the bind form (app key and secret;
// 110350 and 110351 beside the key, other refusals above the form) or the bound account with its unbind, confirmed.
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { translateCode } from '@/lib/i18n';
import { formatTime } from '@/lib/telemetry/format';
import { confirmDialog, toast } from '@/lib/toast';
import {
  useBindVideoAccount,
  useUnbindVideoAccount,
  type VideoAccount,
  type VideoAccountForm,
} from '@/lib/video/video-cloud';

/** The translated text of a refusal: the catalogue's text of its code, else the server's own. */
export function videoErrorText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  return translateCode(error.code) || error.detail;
}

function BindForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<VideoAccountForm>();
  const bind = useBindVideoAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (values: VideoAccountForm) => {
    setFailure(null);
    bind.mutate(
      { app_key: values.app_key.trim(), app_secret: values.app_secret },
      {
        onSuccess: () => {
          toast.success(t('video.cloud.bound'));
        },
        onError: (error) => {
          const text = videoErrorText(error);
          if (isApiError(error) && (error.field === 'app_key' || error.field === 'app_secret'))
            form.setFields([{ name: error.field, errors: [text] }]);
          else setFailure(text);
        },
      },
    );
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} className="video-cloud__form">
      {failure && <Alert type="error" showIcon title={failure} className="video-cloud__alert" />}
      <Form.Item
        name="app_key"
        label={t('video.cloud.appKey')}
        rules={[{ required: true, whitespace: true, message: t('video.cloud.appKeyRequired') }]}
      >
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="app_secret"
        label={t('video.cloud.appSecret')}
        rules={[{ required: true, message: t('video.cloud.appSecretRequired') }]}
      >
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        {t('video.cloud.bind')}
      </Button>
    </Form>
  );
}

function BoundAccount({ account }: { account: VideoAccount }) {
  const { t } = useTranslation();
  const unbind = useUnbindVideoAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const ask = async () => {
    const sure = await confirmDialog({
      title: t('video.cloud.unbindTitle'),
      content: t('video.cloud.unbindConfirm', { key: account.app_key }),
      okText: t('video.cloud.unbind'),
      danger: true,
    });
    if (!sure) return;
    setFailure(null);
    unbind.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('video.cloud.unbound'));
      },
      onError: (error) => {
        setFailure(videoErrorText(error));
      },
    });
  };
  return (
    <>
      {failure && <Alert type="error" showIcon title={failure} className="video-cloud__alert" />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'provider', label: t('video.cloud.provider'), children: account.provider },
          { key: 'key', label: t('video.cloud.appKey'), children: account.app_key },
          { key: 'at', label: t('video.cloud.boundAt'), children: formatTime(account.bound_at) },
        ]}
      />
      <Button danger onClick={() => void ask()} loading={unbind.isPending}>
        {t('video.cloud.unbind')}
      </Button>
    </>
  );
}

export function VideoAccountCard({
  account,
  loading,
  error,
  onRetry,
}: {
  account: VideoAccount | null | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('video.cloud.account')} loading={loading} className="video-cloud__card">
      {error ? (
        <Alert
          type="error"
          showIcon
          title={videoErrorText(error)}
          action={
            <Button size="small" onClick={onRetry}>
              {t('video.player.retry')}
            </Button>
          }
        />
      ) : account ? (
        <BoundAccount account={account} />
      ) : (
        <>
          <p className="text-secondary">{t('video.cloud.unboundHint')}</p>
          <BindForm />
        </>
      )}
    </Card>
  );
}
