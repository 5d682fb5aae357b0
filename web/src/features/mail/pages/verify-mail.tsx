// An address's owner opened its verification link (/verifyMail?token=…, SPEC §2 style public page): the answer is
// asked once, then the page shows that the address is verified, or why not (the link expired, or is invalid or
// used), and the token leaves the address bar.
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useVerifyMail } from '../api/verify-mail';
import { verifyView } from '../lib/verify-state';
import '../mail.css';

export default function VerifyMailPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // Kept once read: the token is taken out of the address bar (and the history) below.
  const [token] = useState(() => (search.get('token') ?? '').trim());
  const answer = useVerifyMail(token);
  const view = verifyView(token, answer.isPending && token !== '', answer.isSuccess, answer.error);

  useEffect(() => {
    if (search.has('token') && !answer.isPending) setSearch({}, { replace: true });
  }, [answer.isPending, search, setSearch]);

  return (
    <main className="verify-mail-page">
      {view === 'verifying' ? (
        <Spin size="large" aria-label={t('mail.verify.verifying')} />
      ) : (
        <Result
          status={view === 'verified' ? 'success' : view === 'expired' ? 'warning' : 'error'}
          title={t(`mail.verify.${view}.title`)}
          subTitle={
            view === 'verified'
              ? t('mail.verify.verified.hint', { address: answer.data?.address ?? '' })
              : t(`mail.verify.${view}.hint`)
          }
        />
      )}
    </main>
  );
}
