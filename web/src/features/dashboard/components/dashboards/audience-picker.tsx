// A picker of whom a dashboard is shown to: the tenant's users, roles or user groups by name, searched on the server
// (GET /yun/dashboard/audience, lib/dashboards/audience.ts), so a dashboard's editor without team rights chooses
// them as well as an administrator. A chosen one beyond the first 50 options is looked up by id for its name.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import {
  RemoteSelect,
  type PickerOption,
  type RemoteLookup,
  type RemoteSelectProps,
} from '@/components/pickers/remote-select';
import {
  audienceKey,
  audienceNames,
  audienceNamesKey,
  listAudience,
  type AudienceKind,
  type AudienceOption,
} from '@/lib/dashboards/audience';

const PLACEHOLDER: Record<AudienceKind, string> = {
  user: 'common.picker.userPlaceholder',
  role: 'common.picker.rolePlaceholder',
  user_group: 'common.picker.userGroupPlaceholder',
};

const EMPTY: Record<AudienceKind, string> = {
  user: 'common.picker.noUser',
  role: 'common.picker.noRole',
  user_group: 'common.picker.noUserGroup',
};

export type AudiencePickerProps = Omit<
  RemoteSelectProps<AudienceOption, number[]>,
  'queryKey' | 'fetchPage' | 'toOption' | 'mode' | 'lookup'
> & { kind: AudienceKind };

export function AudiencePicker({ kind, ...props }: AudiencePickerProps) {
  const { t } = useTranslation();
  const toOption = useCallback((o: AudienceOption): PickerOption => ({ value: o.id, label: o.name }), []);
  const queryKey = useCallback((q: string) => audienceKey(kind, q), [kind]);
  const fetchPage = useCallback((q: string) => listAudience(kind, q).then((items) => ({ items })), [kind]);
  const lookup = useMemo<RemoteLookup<AudienceOption>>(
    () => ({ queryKey: (ids) => audienceNamesKey(kind, ids), fetch: (ids) => audienceNames(kind, ids) }),
    [kind],
  );
  return (
    <RemoteSelect<AudienceOption, number[]>
      mode="multiple"
      placeholder={t(PLACEHOLDER[kind])}
      searchingText={t('common.picker.searching')}
      emptyText={t(EMPTY[kind])}
      {...props}
      queryKey={queryKey}
      fetchPage={fetchPage}
      toOption={toOption}
      lookup={lookup}
    />
  );
}
