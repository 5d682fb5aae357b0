// Whom a written message was addressed to, in a line: the first few users, roles and user groups chosen, each
// marked by its kind, then "+N more" whose tooltip names them all; or every one of them, wrapping (the drawer).
import { ApartmentOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EMPTY } from '@/lib/empty';
import type { RecipientKind } from '../api/system-msg-types';
import type { Addressee } from '../lib/system-msg';

const ICONS: Record<RecipientKind, ReactNode> = {
  user: <UserOutlined />,
  role: <TeamOutlined />,
  group: <ApartmentOutlined />,
};

const COLORS: Record<RecipientKind, string> = {
  user: 'blue',
  role: 'purple',
  group: 'cyan',
};

function AddresseeTag({ addressee }: { addressee: Addressee }) {
  const { t } = useTranslation();
  return (
    <Tag
      icon={ICONS[addressee.kind]}
      color={COLORS[addressee.kind]}
      variant="outlined"
      title={`${t(`info.systemMsg.kind.${addressee.kind}`)}: ${addressee.name}`}
      className="recipient-tags__tag"
    >
      {addressee.name}
    </Tag>
  );
}

export function RecipientTags({ addressees, max }: { addressees: readonly Addressee[]; max?: number }) {
  const { t } = useTranslation();
  if (addressees.length === 0) return <>{EMPTY}</>;
  const shown = max === undefined ? addressees : addressees.slice(0, max);
  const rest = addressees.length - shown.length;
  return (
    <div className={max === undefined ? 'recipient-tags recipient-tags--wrap' : 'recipient-tags'}>
      {shown.map((a) => (
        <AddresseeTag key={`${a.kind}-${String(a.id)}`} addressee={a} />
      ))}
      {rest > 0 && (
        <Tooltip
          title={addressees.map((a) => `${t(`info.systemMsg.kind.${a.kind}`)}: ${a.name}`).join('\n')}
          classNames={{ root: 'recipient-tags__tooltip' }}
        >
          <Tag className="recipient-tags__more" tabIndex={0}>
            {t('info.systemMsg.sent.more', { count: rest })}
          </Tag>
        </Tooltip>
      )}
    </div>
  );
}
