// The three pickers of a written message's recipients: users (searched on the server by name or nickname), roles
// (the tenant's, built-in ones in the reader's words, searched as shown) and user groups (the tree the caller
// manages; a group takes its sub-groups along). Each is a multiple select of ids for a Form.Item.
import { ApartmentOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { RemoteSelect, type PickerOption } from '@/components/pickers/remote-select';
import {
  searchUsers,
  useRecipientGroups,
  useRecipientRoles,
  type GroupNode,
  type UserOut,
} from '../api/recipients';
import { systemMsgKeys } from '../api/system-msg-keys';
import { roleLabel } from '../lib/system-msg';

interface PickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  status?: SelectProps['status'];
}

/** A user as the picker shows them: their nickname and account, or the account alone. */
export function userLabel(user: Pick<UserOut, 'user_name' | 'nick_name'>): string {
  return user.nick_name && user.nick_name !== user.user_name
    ? `${user.nick_name} (${user.user_name})`
    : user.user_name;
}

export function UserRecipientPicker(props: PickerProps) {
  const { t } = useTranslation();
  const toOption = useCallback((u: UserOut): PickerOption => ({ value: u.id, label: userLabel(u) }), []);
  const queryKey = useCallback((q: string) => systemMsgKeys.recipients('user', q), []);
  return (
    <RemoteSelect<UserOut, number[]>
      {...props}
      mode="multiple"
      maxTagCount="responsive"
      prefix={<UserOutlined className="system-msg__picker-icon" />}
      placeholder={t('common.picker.userPlaceholder')}
      searchingText={t('common.picker.searching')}
      emptyText={t('common.picker.noUser')}
      queryKey={queryKey}
      fetchPage={searchUsers}
      toOption={toOption}
    />
  );
}

export function RoleRecipientPicker(props: PickerProps) {
  const { t } = useTranslation();
  const roles = useRecipientRoles();
  const options = useMemo(
    () => (roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r.name, r.code) })),
    [roles.data, t],
  );
  return (
    <Select<number[]>
      {...props}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      prefix={<TeamOutlined className="system-msg__picker-icon" />}
      placeholder={t('info.systemMsg.write.rolePlaceholder')}
      notFoundContent={roles.isFetching ? t('common.picker.searching') : t('common.picker.noRole')}
      loading={roles.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

type TreeData = NonNullable<TreeSelectProps['treeData']>;

function treeData(nodes: readonly GroupNode[]): TreeData {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));
}

export function GroupRecipientPicker(props: PickerProps) {
  const { t } = useTranslation();
  const groups = useRecipientGroups();
  const data = useMemo(() => treeData(groups.data ?? []), [groups.data]);
  return (
    <TreeSelect<number[]>
      {...props}
      multiple
      allowClear
      maxTagCount="responsive"
      prefix={<ApartmentOutlined className="system-msg__picker-icon" />}
      placeholder={t('info.systemMsg.write.groupPlaceholder')}
      notFoundContent={groups.isFetching ? t('common.picker.searching') : t('common.picker.noUserGroup')}
      loading={groups.isFetching}
      treeData={data}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth
    />
  );
}
