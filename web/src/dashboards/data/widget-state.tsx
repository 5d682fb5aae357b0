// What a widget's card shows instead of its content: loading, nothing to show, a failure with a retry, and "the
// device / group / screen is no longer there" (gone, or another tenant's: the server answers not found) with what
// is missing named, so one broken card says why while the rest of the dashboard keeps running.
import {
  DisconnectOutlined,
  InboxOutlined,
  LoadingOutlined,
  ReloadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type WidgetStateKind = 'loading' | 'empty' | 'error' | 'gone';

export interface WidgetStateProps {
  kind: WidgetStateKind;
  /** The headline (loading says "loading" by itself). */
  title?: string;
  detail?: ReactNode;
  onRetry?: () => void;
  /** An action of the empty state (e.g. clear the search). */
  extra?: ReactNode;
}

const ICONS: Record<WidgetStateKind, ReactNode> = {
  loading: <LoadingOutlined spin />,
  empty: <InboxOutlined />,
  error: <WarningOutlined />,
  gone: <DisconnectOutlined />,
};

export function WidgetState({ kind, title, detail, onRetry, extra }: WidgetStateProps) {
  const { t } = useTranslation();
  const alert = kind === 'error' || kind === 'gone';
  return (
    <div
      className={`dw-state dw-state--${kind}`}
      role={alert ? 'alert' : 'status'}
      aria-busy={kind === 'loading' || undefined}
      data-state={kind}
    >
      <span className="dw-state__icon" aria-hidden="true">
        {ICONS[kind]}
      </span>
      <span className="dw-state__title">{title ?? t('dashboards.widgets.data.loading')}</span>
      {detail && <span className="dw-state__detail">{detail}</span>}
      {onRetry && (
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('dashboards.widgets.data.retry')}
        </Button>
      )}
      {extra}
    </div>
  );
}

export type GoneWhat = 'device' | 'group' | 'screen';

/** The card's device, group or screen is no longer there for the viewer. */
export function GoneState({ what }: { what: GoneWhat }) {
  const { t } = useTranslation();
  return (
    <WidgetState
      kind="gone"
      title={t(`dashboards.widgets.data.gone.${what}`)}
      detail={t(`dashboards.widgets.data.gone.${what}Hint`)}
    />
  );
}

/** A read failed: the server's reason when it gave one, and a retry. */
export function ErrorState({ detail, onRetry }: { detail?: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <WidgetState kind="error" title={t('dashboards.widgets.data.failed')} detail={detail} onRetry={onRetry} />
  );
}
