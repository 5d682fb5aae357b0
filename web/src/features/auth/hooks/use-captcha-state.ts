// The captcha query plus a refresh that also clears the typed answer (`clearAnswer`, the form's own way).
import { useCallback, useEffect, useRef } from 'react';

import { useCaptcha } from '../api/get-captcha';

export function useCaptchaState(clearAnswer: () => void) {
  const query = useCaptcha();
  const { refetch } = query;
  const clear = useRef(clearAnswer);
  useEffect(() => {
    clear.current = clearAnswer;
  });
  const refresh = useCallback(() => {
    clear.current();
    void refetch();
  }, [refetch]);
  return {
    captcha: query.data,
    loading: query.isFetching,
    failed: query.isError,
    refresh,
    codeKey: query.data?.code_key ?? '',
  };
}
