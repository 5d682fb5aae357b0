// A searchable picker of the tenant's users (by name or nickname), single or multiple: the dashboard audience.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { listPickerUsers, userPickerKey, type PickerUser } from './picker-api';
import { RemoteSelect, type PickerOption, type RemoteSelectProps } from './remote-select';

/** "nickname (user name)", or the user name alone. */
export function userLabel(u: PickerUser): string {
  return u.nick_name && u.nick_name !== u.user_name ? `${u.nick_name} (${u.user_name})` : u.user_name;
}

export type UserPickerProps<V> = Omit<
  RemoteSelectProps<PickerUser, V>,
  'queryKey' | 'fetchPage' | 'toOption' | 'known'
>;

export function UserPicker<V = number | number[]>(props: UserPickerProps<V>) {
  const { t } = useTranslation();
  const toOption = useCallback((u: PickerUser): PickerOption => ({ value: u.id, label: userLabel(u) }), []);
  return (
    <RemoteSelect<PickerUser, V>
      placeholder={t('common.picker.userPlaceholder')}
      searchingText={t('common.picker.searching')}
      emptyText={t('common.picker.noUser')}
      {...props}
      queryKey={userPickerKey}
      fetchPage={listPickerUsers}
      toOption={toOption}
    />
  );
}
