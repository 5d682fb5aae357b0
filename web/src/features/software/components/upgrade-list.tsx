// The "Upgrades" tab of /software/upgrade: the rollouts, newest first, searched by target version and filtered by
// state (both in the address), each with its progress and state; asked for again every few seconds while one shown
// has not ended.
import { CloudSyncOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import {
  UPGRADE_STATES,
  useUpgrades,
  type UpgradeListParams,
  type UpgradeOut,
  type UpgradeState,
} from '../api/upgrades';
import { upgradeColumns } from './upgrade-columns';
import { useUpgradeActions } from './use-upgrade-actions';

type Filters = Omit<UpgradeListParams, 'page' | 'page_size'>;
const LIST_PARAMS: ParamSpec<Filters> = {
  keyword: param.text,
  state: param.oneOf<number>([...UPGRADE_STATES]),
};

export function UpgradeList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: UpgradeListParams = list.params;
  const upgrades = useUpgrades(params);
  useClampPage(list, upgrades.data?.total);
  const { run, pending } = useUpgradeActions();
  const columns = upgradeColumns(t, { open: (u) => onOpen(u.id), act: run, pending });
  const scroll = useFitScroll(columns);
  const filtered = params.keyword !== undefined || params.state !== undefined;

  return (
    <>
      <ListToolbar className="software-toolbar">
        <ListSearch
          className="software-toolbar__search"
          value={params.keyword}
          placeholder={t('software.upgrade.list.searchPlaceholder')}
          onSearch={(q) => list.filter({ keyword: q })}
        />
        <Select<UpgradeState>
          className="software-toolbar__filter"
          allowClear
          aria-label={t('software.upgrade.list.stateFilter')}
          placeholder={t('software.upgrade.list.stateFilter')}
          value={params.state as UpgradeState | undefined}
          onChange={(value) => list.filter({ state: value })}
          options={UPGRADE_STATES.map((value) => ({
            value,
            label: t(`software.upgrade.state.${String(value)}`),
          }))}
        />
      </ListToolbar>
      {upgrades.isError ? (
        <Result
          status="warning"
          title={t('software.upgrade.list.loadFailed')}
          subTitle={isApiError(upgrades.error) ? upgrades.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void upgrades.refetch()}>
              {t('software.version.retry')}
            </Button>
          }
        />
      ) : (
        <DataTable<UpgradeOut>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={upgrades.data?.items ?? []}
          loading={upgrades.isPending || (upgrades.isFetching && upgrades.isPlaceholderData)}
          scroll={scroll}
          locale={{
            emptyText: filtered ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('software.upgrade.list.noMatch')} />
            ) : (
              <Empty
                image={<CloudSyncOutlined className="upgrade-empty__icon" />}
                description={
                  <span className="upgrade-empty">
                    <Typography.Text strong>{t('software.upgrade.list.empty')}</Typography.Text>
                    <Typography.Text type="secondary">{t('software.upgrade.list.emptyHint')}</Typography.Text>
                  </span>
                }
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: upgrades.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('software.upgrade.list.total', { total }),
          }}
          onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
        />
      )}
    </>
  );
}
