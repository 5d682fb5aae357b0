// User log (/info/logInfo, P72000): what users did (and what administrators did while simulating them),
// server-paged, filtered by user, action and time range.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { useCan } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Perm } from '@/lib/permissions';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { useLogUsers } from '../api/list-log-users';
import { useUserLog } from '../api/list-user-log';
import { UserLogTable } from '../components/user-log-table';
import { actionLabel, LOG_ACTIONS } from '../lib/actions';
import type { UserLogParams } from '../types';
import { DayRangeFilter } from '../components/day-range-filter';
import '../info.css';

const LIST_PARAMS: ParamSpec<Omit<UserLogParams, 'page' | 'page_size'>> = {
  user_id: param.id,
  action: param.oneOf<string>(LOG_ACTIONS),
  start: param.time,
  end: param.time,
};

export default function LogInfoPage() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: UserLogParams = list.params;
  const log = useUserLog(params);
  useClampPage(list, log.data?.total);
  // Only callers who may read users get the user filter; a failure just leaves it out.
  const canReadUsers = useCan(Perm.USER);
  const users = useLogUsers(canReadUsers);
  const userOptions = users.isSuccess
    ? users.data.items.map((u) => ({
        value: u.id,
        label: u.nick_name ? `${u.user_name} (${u.nick_name})` : u.user_name,
      }))
    : null;

  const { filter } = list;
  const filtered =
    params.user_id !== undefined ||
    params.action !== undefined ||
    params.start !== undefined ||
    params.end !== undefined;

  return (
    <div className="page">
      <PageHeader title={t('menu.logInfo')} subTitle={t('info.log.subtitle')} />
      <Card>
        <ListToolbar className="info-toolbar">
          {canReadUsers && userOptions && (
            <Select
              className="info-toolbar__filter"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('info.log.filter.user')}
              aria-label={t('info.log.filter.user')}
              value={params.user_id}
              options={userOptions}
              onChange={(v: number | undefined) => filter({ user_id: v })}
            />
          )}
          <Select
            className="info-toolbar__filter"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('info.log.filter.action')}
            aria-label={t('info.log.filter.action')}
            value={params.action}
            options={LOG_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) }))}
            onChange={(v: string | undefined) => filter({ action: v })}
          />
          <DayRangeFilter start={params.start} end={params.end} onChange={filter} />
          <div className="info-toolbar__spacer" />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('info.log.refresh')}
            loading={log.isFetching}
            onClick={() => void log.refetch()}
          />
        </ListToolbar>
        <UserLogTable
          entries={log.data?.items ?? []}
          loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
          emptyText={filtered ? t('info.log.noMatch') : t('info.log.empty')}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: log.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('info.log.total', { total }),
          }}
          onChange={(pagination) => {
            list.setPage(pagination.current ?? 1, pagination.pageSize);
          }}
        />
      </Card>
    </div>
  );
}
