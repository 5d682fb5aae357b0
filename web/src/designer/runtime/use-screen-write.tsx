// The runtime's writes: a control's value (after the control's own gate and rules, use-control-write.ts) or a
// button's write action goes to POST /yun/rDev (a shared link's own write, feed-source.tsx) for the screen's device, the same write the device detail's dialog
// sends, which the server checks again. The write names the password its control asks for (settings.password →
// password_mode), and the server refuses it when that password is not set (110583/110584, docs/decisions.md). The
// password is asked only when one applies: the device guards its writes with one (the write config's
// password_required), or the server answers 110519; 110519/110520 show next to the password field.
import { Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { isApiError } from '@/lib/http';
import { confirmDialog, toast } from '@/lib/toast';
import type { WriteValueInput } from '@/lib/telemetry/types';
import { writeRules } from '../elements/controls/settings';
import type { DesignElement, ElementAction } from '../model/types';
import { useFeedSource } from './feed-source';

/** The server's answers about the password: shown next to the field, the dialog stays open. */
const PASSWORD_CODES: ReadonlySet<string> = new Set(['110519', '110520']);

type Pending = Omit<WriteValueInput, 'password'>;

export interface ScreenWriter {
  /** A control's write of `value` to the data source bound under `bindingKey`. */
  write: (element: DesignElement, bindingKey: string, value: number | string) => void;
  /** A button's `write_value` action. */
  writeAction: (element: DesignElement, action: Extract<ElementAction, { type: 'write_value' }>) => void;
  /** The password dialog, rendered by the screen's host. */
  prompt: ReactNode;
}

export function useScreenWrite(deviceId: number, passwordRequired: boolean): ScreenWriter {
  const { t } = useTranslation();
  const mutation = useFeedSource().useWrite();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  /** Sends the write; resolves the password error to show, or null when done (written or refused in a toast). */
  const send = async (input: WriteValueInput): Promise<string | null> => {
    try {
      await mutation.mutateAsync(input);
      toast.success(t('designer.runtime.write.done'));
      return null;
    } catch (error) {
      if (isApiError(error) && PASSWORD_CODES.has(error.code)) return error.detail;
      toast.error(isApiError(error) ? error.detail : t('designer.runtime.write.failed'));
      return null;
    }
  };

  const ask = (pending: Pending, error: string | null) => {
    setPasswordError(error);
    setAsking(pending);
  };

  const start = (pending: Pending) => {
    if (passwordRequired) {
      ask(pending, null);
      return;
    }
    // No password applies as far as the runtime knows; should the server say one does, it is asked then.
    void send(pending).then((error) => {
      if (error) ask(pending, error);
    });
  };

  /** The write as it goes: with the password its control names, when it names one. */
  const pendingOf = (element: DesignElement, dataSourceId: number, value: number | string): Pending => {
    const mode = writeRules(element.settings).password;
    const pending: Pending = { device_id: deviceId, data_source_id: dataSourceId, value };
    return mode === 'none' ? pending : { ...pending, password_mode: mode };
  };

  const write = (element: DesignElement, bindingKey: string, value: number | string) => {
    const binding = element.bindings[bindingKey];
    if (!binding) return;
    start(pendingOf(element, binding.data_source_id, value));
  };

  const writeAction = (element: DesignElement, action: Extract<ElementAction, { type: 'write_value' }>) => {
    const run = async () => {
      if (action.confirm) {
        const ok = await confirmDialog({
          title: t('designer.controls.confirm.title'),
          content: t('designer.controls.confirm.content', { value: String(action.value) }),
          okText: t('designer.controls.confirm.ok'),
          cancelText: t('common.action.cancel'),
        });
        if (!ok) return;
      }
      start(pendingOf(element, action.data_source_id, action.value));
    };
    void run();
  };

  const submit = async ({ password }: { password: string }) => {
    if (!asking) return;
    const error = await send({ ...asking, password });
    if (error) {
      setPasswordError(error);
      return;
    }
    setAsking(null);
  };

  const prompt = (
    <PasswordPrompt
      open={asking !== null}
      value={asking?.value ?? null}
      sending={mutation.isPending}
      error={passwordError}
      onSubmit={(values) => void submit(values)}
      onCancel={() => setAsking(null)}
    />
  );

  return { write, writeAction, prompt };
}

/** The control password asked before a write; its form is new at each asking (components/per-opening), so no
 * password typed for one write is offered again for the next. */
const PasswordPrompt = perOpening(function PasswordPrompt({
  open,
  value,
  sending,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  value: number | string | null;
  sending: boolean;
  error: string | null;
  onSubmit: (values: { password: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      open={open}
      title={t('designer.runtime.write.passwordTitle')}
      okText={t('designer.runtime.write.send')}
      cancelText={t('common.action.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {value !== null && (
        <Typography.Paragraph type="secondary">
          {t('designer.runtime.write.passwordHint', { value: String(value) })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item
          name="password"
          label={t('telemetry.write.password')}
          rules={[{ required: true, message: t('telemetry.write.error.password') }]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.Password autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
});
