// Who a partially visible dashboard is shown to (SPEC §6): chosen users, roles and user groups (the dashboard's own
// audience look-up, which needs no team rights), one form field whose value is the server's Audience, so "choose at
// least one" and the server's 118007 sit on it as one. One row per kind, from the table below.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AudienceKind } from '@/lib/dashboards/audience';
import type { Audience } from '@/lib/dashboards/types';
import { EMPTY_AUDIENCE } from '../../lib/dashboard-settings';
import { AudiencePicker } from './audience-picker';

/** The kinds of audience in the order shown: each its picker, the Audience key it fills and its label. */
const KINDS: readonly { kind: AudienceKind; key: keyof Audience; label: string }[] = [
  { kind: 'user', key: 'user_ids', label: 'dashboards.form.users' },
  { kind: 'role', key: 'role_ids', label: 'dashboards.form.roles' },
  { kind: 'user_group', key: 'user_group_ids', label: 'dashboards.form.userGroups' },
];

interface AudienceFieldProps {
  value?: Audience;
  onChange?: (value: Audience) => void;
  id?: string;
  /** Ask the server for the users, roles and groups only while true (the field is shown). */
  enabled?: boolean;
}

export function AudienceField({ value = EMPTY_AUDIENCE, onChange, id, enabled = true }: AudienceFieldProps) {
  const { t } = useTranslation();
  const { status } = Form.Item.useStatus();
  const invalid = status === 'error' ? 'error' : undefined;
  return (
    <div id={id} className="db-audience" role="group" aria-label={t('dashboards.form.audience')}>
      {KINDS.map(({ kind, key, label }) => (
        <label key={kind} className="db-audience__row">
          <span className="db-audience__label">{t(label)}</span>
          <AudiencePicker
            kind={kind}
            className="db-audience__select"
            aria-label={t(label)}
            status={invalid}
            enabled={enabled}
            value={value[key]}
            onChange={(ids) => onChange?.({ ...value, [key]: ids })}
          />
        </label>
      ))}
    </div>
  );
}
