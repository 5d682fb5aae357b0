// What the server's sanitiser took out of an upload, in the reader's words: what kind of thing, its name, how often.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

import type { StrippedOut } from './types';

export function StrippedList({ stripped }: { stripped: readonly StrippedOut[] }) {
  const { t } = useTranslation();
  if (stripped.length === 0) {
    return <Alert type="success" showIcon title={t('designer.userSymbols.import.clean')} />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t('designer.userSymbols.import.strippedTitle', { count: stripped.length })}
      description={
        <ul className="user-symbols__stripped" data-testid="symbol-stripped">
          {stripped.map((item) => (
            <li key={`${item.kind}:${item.name}`}>
              {t(`designer.userSymbols.stripped.${item.kind}`, {
                name: item.name,
                defaultValue: item.name,
              })}
              {item.count > 1 ? ` ×${item.count}` : ''}
            </li>
          ))}
        </ul>
      }
    />
  );
}
