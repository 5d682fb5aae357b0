// What a list's table shows instead of rows: a blank while it loads, the failure with a retry, "nothing matches"
// under filters, or the list's own empty text with a hint. The texts and classes are the list's.
import { ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ListEmptyProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Whether a filter is set (nothing matches it, rather than nothing at all). */
  filtered: boolean;
  texts: { failed: string; noMatch: string; empty: string; emptyHint: string };
  classNames: { pending: string; icon: string; empty: string };
}

export function ListEmpty({ query, filtered, texts, classNames }: ListEmptyProps) {
  const { t } = useTranslation();
  if (query.isPending) return <div className={classNames.pending} />;
  if (query.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.failed}>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('common.action.retry')}
        </Button>
      </Empty>
    );
  if (filtered) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noMatch} />;
  return (
    <Empty
      image={<UnorderedListOutlined className={classNames.icon} />}
      description={
        <span className={classNames.empty}>
          <Typography.Text strong>{texts.empty}</Typography.Text>
          <Typography.Text type="secondary">{texts.emptyHint}</Typography.Text>
        </span>
      }
    />
  );
}
