// Who a partially visible dashboard is shown to (SPEC §6): chosen users, roles and user groups (the dashboard's own
// audience look-up, which needs no team rights), one form field whose value is the server's Audience, so "choose at
// least one" and the server's 118007 sit on it as one.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';

import type { Audience } from '@/lib/dashboards/types';
import { EMPTY_AUDIENCE } from '../../lib/dashboard-settings';
import { AudiencePicker } from './audience-picker';

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
  const set = (patch: Partial<Audience>) => onChange?.({ ...value, ...patch });
  const invalid = status === 'error' ? 'error' : undefined;
  return (
    <div id={id} className="db-audience" role="group" aria-label={t('dashboards.form.audience')}>
      <label className="db-audience__row">
        <span className="db-audience__label">{t('dashboards.form.users')}</span>
        <AudiencePicker
          kind="user"
          className="db-audience__select"
          aria-label={t('dashboards.form.users')}
          status={invalid}
          enabled={enabled}
          value={value.user_ids}
          onChange={(ids) => set({ user_ids: ids })}
        />
      </label>
      <label className="db-audience__row">
        <span className="db-audience__label">{t('dashboards.form.roles')}</span>
        <AudiencePicker
          kind="role"
          className="db-audience__select"
          aria-label={t('dashboards.form.roles')}
          status={invalid}
          enabled={enabled}
          value={value.role_ids}
          onChange={(ids) => set({ role_ids: ids })}
        />
      </label>
      <label className="db-audience__row">
        <span className="db-audience__label">{t('dashboards.form.userGroups')}</span>
        <AudiencePicker
          kind="user_group"
          className="db-audience__select"
          aria-label={t('dashboards.form.userGroups')}
          status={invalid}
          enabled={enabled}
          value={value.user_group_ids}
          onChange={(ids) => set({ user_group_ids: ids })}
        />
      </label>
    </div>
  );
}
