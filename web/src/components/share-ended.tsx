// The whole page when a share link does not open or stops answering (118301–118305, at open or when the live
// channel closes): the server's code and what it means, never a blank screen. Any other failure of the opening
// offers a retry instead. Every link's page shows them: a configuration's (/share-cfg), a dashboard's (/share-db) and
// a sector's (/detail?token=).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { translateCode } from '@/lib/i18n';
import './share-ended.css';

/** A link that ended: expired or revoked read as a warning, the others as a refusal. */
export function ShareEnded({ code }: { code: number }) {
  const { t } = useTranslation();
  return (
    <div className="share-ended">
      <Result
        status={code === 118304 || code === 118303 ? 'warning' : '403'}
        title={translateCode(String(code)) || t('share.ended.title')}
        subTitle={
          <>
            <Typography.Paragraph type="secondary">{t('share.ended.hint')}</Typography.Paragraph>
            <Typography.Text type="secondary" data-testid="share-code">
              {t('share.ended.code', { code })}
            </Typography.Text>
          </>
        }
      />
    </div>
  );
}

/** The opening failed for another reason (the network, the server): try again. */
export function ShareFailed({ detail, onRetry }: { detail: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="share-ended">
      <Result
        status="warning"
        title={t('share.failed.title')}
        subTitle={detail}
        extra={
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('share.failed.retry')}
          </Button>
        }
      />
    </div>
  );
}
