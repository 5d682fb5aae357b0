// The whole page when a share link does not open or stops answering (118301–118305, at open or when the live
// channel closes): the server's code and what it means, never a blank screen. Any other failure of the opening
// offers a retry instead. Every link's page shows them: a configuration's (/share-cfg), a dashboard's (/share-db) and
// a sector's (/detail?token=).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { translateCode } from '@/lib/i18n';
import { SHARE_LINK_INVALID, shareEndCode } from '@/lib/share-links/share-codes';
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

export interface OpeningProps {
  /** The link's token ('' when the address had none: 118301). */
  token: string;
  /** The opening read. */
  opened: { error: unknown; isError: boolean; data: unknown; refetch: () => unknown };
  /** The code the live channel ended the link with since it opened, or null. */
  endedWith: number | null;
  /** The page's own classes for the opening's spinner (its block and the spinner's box). */
  stateClass: string;
  spinClass: string;
}

/** What a link's page shows instead of its content: the link's end (at the opening or later), a failed opening with
 * a retry, or the opening's spinner; null once the link is open and live. */
export function ShareOpening({ token, opened, endedWith, stateClass, spinClass }: OpeningProps) {
  const { t } = useTranslation();
  const ended = (token === '' ? SHARE_LINK_INVALID : shareEndCode(opened.error)) ?? endedWith;
  if (ended !== null) return <ShareEnded code={ended} />;
  if (opened.isError)
    return (
      <ShareFailed
        detail={isApiError(opened.error) ? opened.error.detail : undefined}
        onRetry={() => void opened.refetch()}
      />
    );
  if (opened.data === undefined)
    return (
      <div className={stateClass}>
        <Spin size="large" description={t('share.viewer.opening')}>
          <div className={spinClass} />
        </Spin>
      </div>
    );
  return null;
}

/** The link is open and live: its content may show. */
export function shareOpen(opening: Pick<OpeningProps, 'token' | 'opened' | 'endedWith'>): boolean {
  const { token, opened, endedWith } = opening;
  return token !== '' && endedWith === null && !opened.isError && opened.data !== undefined;
}
