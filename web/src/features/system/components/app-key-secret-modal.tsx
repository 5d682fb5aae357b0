// A new app key's id and secret, shown once: the server keeps only the secret's hash, so this is the one moment it
// can be read. The dialog offers to copy both and points to the integrator's reference (/documentAppKey).
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CopyField, ShownOnceModal } from '@/components/shown-once';

export interface ShownKey {
  name: string;
  key_id: string;
  secret: string;
}

function LabelledCopy({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <label className="app-key-secret__field">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <CopyField
        value={value}
        label={label}
        inputClassName="app-key-secret__value"
        copyLabel={t('system.appKeys.secret.copyOf', { label })}
        texts={{
          copy: t('system.appKeys.secret.copy'),
          copied: t('system.appKeys.secret.copied'),
          copyFailed: t('system.appKeys.secret.copyFailed'),
        }}
      />
    </label>
  );
}

export function AppKeySecretModal({ shown, onClose }: { shown: ShownKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceModal
      open={shown !== null}
      title={t('system.appKeys.secret.title', { name: shown?.name ?? '' })}
      once={t('system.appKeys.secret.once')}
      done={t('system.appKeys.secret.done')}
      onClose={onClose}
      className="app-key-secret"
    >
      <LabelledCopy label={t('system.appKeys.secret.keyId')} value={shown?.key_id ?? ''} />
      <LabelledCopy label={t('system.appKeys.secret.secret')} value={shown?.secret ?? ''} />
      <Typography.Paragraph type="secondary" className="app-key-secret__hint">
        {t('system.appKeys.secret.hint')} <Link to="/documentAppKey">{t('system.appKeys.docLink')}</Link>
      </Typography.Paragraph>
    </ShownOnceModal>
  );
}
