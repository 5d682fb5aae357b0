// The captcha query plus a refresh that also clears the typed answer.
import type { FormInstance } from 'antd';
import { useCallback } from 'react';

import { useCaptcha } from '../api/get-captcha';

export function useCaptchaState(form: FormInstance) {
  const query = useCaptcha();
  const { refetch } = query;
  const refresh = useCallback(() => {
    form.setFieldValue('code', '');
    void refetch();
  }, [form, refetch]);
  return {
    captcha: query.data,
    loading: query.isFetching,
    failed: query.isError,
    refresh,
    codeKey: query.data?.code_key ?? '',
  };
}
