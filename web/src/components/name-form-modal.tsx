// A dialog that names or renames one thing by a single name field (a gallery classification, a tile group): the
// caller's rules check the name, the save gets it trimmed, and a refusal stays in the dialog (on the field when the
// server names it, else above the form) so the user's text is kept.
import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';

import { applyServerError } from '@/lib/form-errors';
import { FormModal } from './form-modal';
import { perOpening } from './per-opening';

interface Values {
  name: string;
}

export interface NameFormModalProps {
  open: boolean;
  title: string;
  /** The form's name (prefixes the field ids). */
  name: string;
  /** Modal width; antd's default when omitted. */
  width?: number;
  label: string;
  initialName: string;
  maxLength: number;
  rules: FormRule[];
  /** The save request is running. */
  loading: boolean;
  /** Saves the trimmed name; resolves once saved (the dialog then closes), rejects with the server's refusal. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

export const NameFormModal = perOpening(function NameFormModal({
  open,
  title,
  name,
  width,
  label,
  initialName,
  maxLength,
  rules,
  loading,
  onSave,
  onClose,
}: NameFormModalProps) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    try {
      await onSave(values.name.trim());
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={title}
      {...(width === undefined ? {} : { width })}
      form={form}
      name={name}
      initialValues={{ name: initialName }}
      loading={loading}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item name="name" label={label} rules={rules}>
        <Input autoComplete="off" maxLength={maxLength} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
});
