// A form dialog: the antd Modal + vertical Form wiring every feature's form dialog shares, with the
// form-level server error (see applyServerError in lib/form-errors) shown in an Alert below the fields.
import { Alert, Form, Modal, type ButtonProps, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ManagedFormProps =
  'form' | 'name' | 'layout' | 'preserve' | 'initialValues' | 'onFinish' | 'onValuesChange' | 'children';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** Modal width; antd's default when omitted. */
  width?: number;
  form: FormInstance<V>;
  /** The form's name (prefixes the field ids). */
  name: string;
  initialValues?: FormProps<V>['initialValues'];
  /** The submit request is running. */
  loading: boolean;
  /** Form-level error text; null hides the alert. */
  error: string | null;
  /** Sets the form-level error (cleared after the dialog closes and, by default, on any edit). */
  onErrorChange: (error: string | null) => void;
  /** Clear the form-level error whenever a value changes (default true). */
  clearErrorOnChange?: boolean;
  onValuesChange?: FormProps<V>['onValuesChange'];
  onClose: () => void;
  /** Called with the validated values (the OK button and Enter submit the form). */
  onFinish: (values: V) => void | Promise<void>;
  /** Defaults to "Save". */
  okText?: ReactNode;
  okButtonProps?: ButtonProps;
  /** Content above the form. */
  intro?: ReactNode;
  /** False: the form is not rendered (e.g. its initial values are still loading); `placeholder` shows instead. */
  formReady?: boolean;
  placeholder?: ReactNode;
  /** Renders a hidden submit button so Enter in any field submits (default true). */
  hiddenSubmit?: boolean;
  /** Further Form props (className, size, requiredMark, ...). */
  formProps?: Omit<FormProps<V>, ManagedFormProps>;
  children: ReactNode;
}

export function FormModal<V>({
  open,
  title,
  width,
  form,
  name,
  initialValues,
  loading,
  error,
  onErrorChange,
  clearErrorOnChange = true,
  onValuesChange,
  onClose,
  onFinish,
  okText,
  okButtonProps,
  intro,
  formReady = true,
  placeholder,
  hiddenSubmit = true,
  formProps,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      {...(width === undefined ? {} : { width })}
      destroyOnHidden
      mask={{ closable: false }}
      okText={okText ?? t('common.action.save')}
      cancelText={t('common.action.cancel')}
      {...(okButtonProps ? { okButtonProps } : {})}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => onErrorChange(null)}
    >
      {intro}
      {formReady ? (
        <Form<V>
          {...formProps}
          form={form}
          name={name}
          layout="vertical"
          preserve={false}
          {...(initialValues === undefined ? {} : { initialValues })}
          onFinish={(values) => void onFinish(values)}
          onValuesChange={(changed, all) => {
            if (clearErrorOnChange && error) onErrorChange(null);
            onValuesChange?.(changed, all);
          }}
        >
          {children}
          {error && <Alert type="error" showIcon title={error} />}
          {hiddenSubmit && <button type="submit" hidden aria-hidden="true" tabIndex={-1} />}
        </Form>
      ) : (
        placeholder
      )}
    </Modal>
  );
}
