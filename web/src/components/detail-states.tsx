// The states of a detail page before its record is shown: loading (the header's title as a placeholder), not found
// (back to the list) and failed to load (the server's reason, back or retry). `detailState` picks one for a query.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';

import { isApiError } from '@/lib/http';
import { PageHeader } from './page-header';

function DetailPage({ className, children }: { className?: string | undefined; children: ReactNode }) {
  return <div className={className ? `page ${className}` : 'page'}>{children}</div>;
}

export interface DetailLoadingProps {
  className?: string;
  /** Shown before the title's placeholder (a back button). */
  before?: ReactNode;
  /** The header's title while loading; a placeholder when absent. */
  title?: ReactNode;
  extra?: ReactNode;
  rows?: number;
}

export function DetailLoading({ className, before, title, extra, rows = 8 }: DetailLoadingProps) {
  return (
    <DetailPage className={className}>
      <PageHeader
        title={
          title ?? (
            <Space>
              {before}
              <Skeleton.Input active size="small" />
            </Space>
          )
        }
        extra={extra}
      />
      <Card>
        <Skeleton active paragraph={{ rows }} />
      </Card>
    </DetailPage>
  );
}

export interface DetailResultProps {
  className?: string;
  /** Above the card (the page header of a page that keeps it). */
  header?: ReactNode;
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

function DetailResult({
  status,
  className,
  header,
  title,
  subTitle,
  extra,
}: DetailResultProps & { status: '404' | 'error' }) {
  return (
    <DetailPage className={className}>
      {header}
      <Card>
        <Result status={status} title={title} subTitle={subTitle} extra={extra} />
      </Card>
    </DetailPage>
  );
}

export function DetailNotFound(props: DetailResultProps) {
  return <DetailResult status="404" {...props} />;
}

export function DetailLoadFailed(props: DetailResultProps) {
  return <DetailResult status="error" {...props} />;
}

export interface DetailStateTexts {
  notFound: string;
  notFoundHint: string;
  loadFailed: string;
  backToList: string;
  retry: string;
}

export interface DetailStateOptions {
  query: { data: unknown; isError: boolean; error: unknown; refetch: () => unknown };
  /** False when the address names no record (a bad id): not found without asking. */
  valid: boolean;
  /** The server's "not found" code for this record. */
  notFoundCode: string;
  texts: DetailStateTexts;
  onBack: () => void;
  /** The page's back button, shown in the loading header. */
  backButton: ReactNode;
  className?: string;
}

/** The page to show instead of the record while it is not there; null once the data is in. */
export function detailState(o: DetailStateOptions): ReactNode {
  const { query, texts, onBack, className } = o;
  const notFound =
    !o.valid || (query.isError && isApiError(query.error) && query.error.code === o.notFoundCode);
  if (notFound)
    return (
      <DetailNotFound
        className={className}
        title={texts.notFound}
        subTitle={texts.notFoundHint}
        extra={
          <Button type="primary" onClick={onBack}>
            {texts.backToList}
          </Button>
        }
      />
    );
  if (query.isError)
    return (
      <DetailLoadFailed
        className={className}
        title={texts.loadFailed}
        subTitle={isApiError(query.error) ? query.error.detail : undefined}
        extra={
          <Space>
            <Button onClick={onBack}>{texts.backToList}</Button>
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {texts.retry}
            </Button>
          </Space>
        }
      />
    );
  if (query.data === undefined) return <DetailLoading className={className} before={o.backButton} />;
  return null;
}
