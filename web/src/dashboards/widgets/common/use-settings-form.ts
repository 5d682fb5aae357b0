// A settings form's antd form kept in step with the settings it edits: an undo or redo in the editor changes them
// under the form, which then shows them (a change the form made itself is already there and is left alone).
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';

export function useSettingsForm<S extends object>(settings: S): FormInstance<S> {
  const [form] = Form.useForm<S>();
  useEffect(() => {
    const shown = form.getFieldsValue(true) as Record<string, unknown>;
    const differs = Object.entries(settings).some(
      ([key, value]) => JSON.stringify(shown[key] ?? null) !== JSON.stringify(value ?? null),
    );
    if (differs) form.setFieldsValue(settings);
  }, [form, settings]);
  return form;
}
