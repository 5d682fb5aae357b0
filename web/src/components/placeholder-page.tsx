// Stand-in for screens later issues build: the translated title and an "on its way" empty state.
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  titleKey: string;
  /** Outside the console layout (public pages): centred on the page background. */
  standalone?: boolean;
}

export function PlaceholderPage({ titleKey, standalone = false }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <div className={standalone ? 'page page--standalone' : 'page'}>
      <PageHeader title={title} />
      <Card className="placeholder-card">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div className="placeholder-card__title">{t('common.placeholder.title', { name: title })}</div>
              <div className="placeholder-card__hint">{t('common.placeholder.hint')}</div>
            </>
          }
        />
      </Card>
    </div>
  );
}
