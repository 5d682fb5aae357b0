// What the server shows once and never again (a share link's address, a webhook's signing secret, an app key's
// secret): a dialog that says so, with each value in a read-only field and a copy button. The texts are the
// caller's, so each dialog keeps its own words.
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import type { ReactNode } from 'react';

import { copyText } from '@/lib/share-links/api';
import { toast } from '@/lib/toast';

export interface CopyFieldTexts {
  /** The copy button's text. */
  copy: string;
  copied: string;
  copyFailed: string;
}

export interface CopyFieldProps {
  value: string;
  /** The field's accessible name. */
  label: string;
  texts: CopyFieldTexts;
  inputClassName?: string;
  /** The copy button's accessible name, when the dialog has several. */
  copyLabel?: string;
  /** Buttons after the copy button. */
  children?: ReactNode;
}

export function CopyField({ value, label, texts, inputClassName, copyLabel, children }: CopyFieldProps) {
  const copy = () =>
    void copyText(value).then((copied) =>
      copied ? toast.success(texts.copied) : toast.warning(texts.copyFailed),
    );
  return (
    <Space.Compact block>
      <Input
        readOnly
        className={inputClassName}
        value={value}
        aria-label={label}
        onFocus={(e) => e.target.select()}
      />
      <Button icon={<CopyOutlined />} onClick={copy} aria-label={copyLabel}>
        {texts.copy}
      </Button>
      {children}
    </Space.Compact>
  );
}

export interface ShownOnceModalProps {
  open: boolean;
  title: string;
  /** The warning that this is the one time the value can be read. */
  once: string;
  /** The button that closes the dialog. */
  done: string;
  onClose: () => void;
  className: string;
  children: ReactNode;
}

export function ShownOnceModal({
  open,
  title,
  once,
  done,
  onClose,
  className,
  children,
}: ShownOnceModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {done}
        </Button>
      }
    >
      <div className={className}>
        <Alert type="warning" showIcon title={once} />
        {children}
      </div>
    </Modal>
  );
}
