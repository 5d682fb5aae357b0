// Shared body of the 403/404/401 pages.
import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useSession } from '@/lib/session';

interface ExceptionResultProps {
  status: NonNullable<ResultProps['status']>;
  titleKey: string;
  subtitleKey: string;
}

export function ExceptionResult({ status, titleKey, subtitleKey }: ExceptionResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const defaultPage = useSession((s) => s.defaultPage);
  const home = token ? defaultPage || '/' : '/login';
  return (
    <div className="exception-page">
      <Result
        status={status}
        title={t(titleKey)}
        subTitle={t(subtitleKey)}
        extra={
          <Button type="primary" onClick={() => void navigate(home, { replace: true })}>
            {token ? t('exception.action.home') : t('exception.action.login')}
          </Button>
        }
      />
    </div>
  );
}
