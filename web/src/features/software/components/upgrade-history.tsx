// The "History" tab of /software/upgrade: every device upgrade, newest first, searched by SN or name and filtered by
// state, by one device (`?device_id=`, a link from elsewhere) or one rollout (`?upgrade_id=`), each a tag that clears
// it; all in the address. A row's rollout opens its details.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import {
  DEVICE_STATES,
  useUpgradeHistory,
  type UpgradeDeviceOut,
  type UpgradeDeviceState,
  type UpgradeHistoryParams,
} from '../api/upgrades';
import { upgradeDeviceColumns } from './upgrade-device-columns';

type Filters = Omit<UpgradeHistoryParams, 'page' | 'page_size'>;
const LIST_PARAMS: ParamSpec<Filters> = {
  keyword: param.text,
  state: param.oneOf<number>([...DEVICE_STATES]),
  device_id: param.id,
  upgrade_id: param.id,
};

export function UpgradeHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: UpgradeHistoryParams = list.params;
  const history = useUpgradeHistory(params);
  useClampPage(list, history.data?.total);
  const columns = upgradeDeviceColumns(t, { openRollout: onOpen });
  const scroll = useFitScroll(columns);
  const filtered =
    params.keyword !== undefined ||
    params.state !== undefined ||
    params.device_id !== undefined ||
    params.upgrade_id !== undefined;
  // The device's name as its rows give it (the history keeps it after the device is gone).
  const device = history.data?.items.find((d) => d.device_id === params.device_id);
  const deviceName = device ? device.dev_alias || device.sn_code : `#${String(params.device_id)}`;

  return (
    <>
      <ListToolbar className="software-toolbar">
        <ListSearch
          className="software-toolbar__search"
          value={params.keyword}
          placeholder={t('software.upgrade.history.searchPlaceholder')}
          onSearch={(q) => list.filter({ keyword: q })}
        />
        <Select<UpgradeDeviceState>
          className="software-toolbar__filter"
          allowClear
          aria-label={t('software.upgrade.history.stateFilter')}
          placeholder={t('software.upgrade.history.stateFilter')}
          value={params.state as UpgradeDeviceState | undefined}
          onChange={(value) => list.filter({ state: value })}
          options={DEVICE_STATES.map((value) => ({
            value,
            label: t(`software.upgrade.deviceState.${String(value)}`),
          }))}
        />
        {params.device_id !== undefined && (
          <Tag
            className="upgrade-filter-tag"
            closable={{ 'aria-label': t('software.upgrade.history.clearFilter') }}
            onClose={() => list.filter({ device_id: undefined })}
          >
            {t('software.upgrade.history.deviceFilter', { name: deviceName })}
          </Tag>
        )}
        {params.upgrade_id !== undefined && (
          <Tag
            className="upgrade-filter-tag"
            closable={{ 'aria-label': t('software.upgrade.history.clearFilter') }}
            onClose={() => list.filter({ upgrade_id: undefined })}
          >
            {t('software.upgrade.history.rolloutFilter', { id: params.upgrade_id })}
          </Tag>
        )}
      </ListToolbar>
      {history.isError ? (
        <Result
          status="warning"
          title={t('software.upgrade.history.loadFailed')}
          subTitle={isApiError(history.error) ? history.error.detail : undefined}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void history.refetch()}>
              {t('software.version.retry')}
            </Button>
          }
        />
      ) : (
        <DataTable<UpgradeDeviceOut>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={history.data?.items ?? []}
          loading={history.isPending || (history.isFetching && history.isPlaceholderData)}
          scroll={scroll}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(
                  filtered ? 'software.upgrade.history.noMatch' : 'software.upgrade.history.empty',
                )}
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: history.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('software.upgrade.history.total', { total }),
          }}
          onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
        />
      )}
    </>
  );
}
