// The graphic captcha plus a refresh that also clears the typed answer (`clearAnswer`, the form's own way). Plain
// React state rather than TanStack Query, which the sign-in page does not load: a captcha is fetched when the form
// opens and on refresh (a failed fetch tried once more after a second), and again shortly before the server lets it
// expire. A refresh keeps the image shown until the new one comes.
import { useCallback, useEffect, useRef, useState } from 'react';

import type { CaptchaPayload } from '@/types/session';
import { getCaptcha } from './get-captcha';

/** A failed fetch is tried once more, this long after. */
export const CAPTCHA_RETRY_MS = 1000;
/** A captcha is replaced this long before the server lets it expire. */
export const CAPTCHA_EXPIRY_MARGIN_S = 5;

interface Answer {
  /** The fetch it answers (see `round`). */
  round: number;
  captcha: CaptchaPayload | undefined;
  failed: boolean;
}

export function useCaptchaState(clearAnswer: () => void) {
  // Each fetch is a round: the page's first, a refresh, an expiry.
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ round: -1, captcha: undefined, failed: false });
  const clear = useRef(clearAnswer);
  useEffect(() => {
    clear.current = clearAnswer;
  });

  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const fetchOnce = (retries: number): void => {
      getCaptcha().then(
        (captcha) => {
          if (!live) return;
          setAnswer({ round, captcha, failed: false });
          const seconds = captcha.expires_in;
          if (seconds > CAPTCHA_EXPIRY_MARGIN_S) {
            timer = window.setTimeout(
              () => {
                setRound((r) => r + 1);
              },
              (seconds - CAPTCHA_EXPIRY_MARGIN_S) * 1000,
            );
          }
        },
        () => {
          if (!live) return;
          if (retries > 0) {
            timer = window.setTimeout(() => {
              fetchOnce(retries - 1);
            }, CAPTCHA_RETRY_MS);
          } else {
            setAnswer((previous) => ({ round, captcha: previous.captcha, failed: true }));
          }
        },
      );
    };
    fetchOnce(1);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [round]);

  const refresh = useCallback(() => {
    clear.current();
    setRound((r) => r + 1);
  }, []);
  const captcha = answer.captcha;
  return {
    captcha,
    loading: answer.round !== round,
    failed: answer.failed,
    refresh,
    codeKey: captcha?.code_key ?? '',
  };
}
