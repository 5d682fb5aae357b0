// The rows the product's own table (a forward target of kind `table`) received, newest first, a page at a time
// (GET /yun/automation/targets/{id}/rows).
import { Modal, Table } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { ListEmpty } from '@/components/table/list-empty';
import { orEmpty } from '@/lib/empty';
import { formatTime } from '@/lib/telemetry/format';
import { useTargetRows, type Target, type TargetRow } from '../api';

const SIZE = 20;

function Rows({ target }: { target: Target }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`configure.automation.rows.${key}`);
  const [page, setPage] = useState(1);
  const rows = useTargetRows(target.id, page, SIZE);
  const columns: NonNullable<TableProps<TargetRow>['columns']> = [
    {
      title: c('ts'),
      key: 'ts',
      width: 170,
      render: (_: unknown, r: TargetRow) => formatTime(r.ts, 'YYYY-MM-DD HH:mm:ss'),
    },
    { title: c('device'), key: 'device', render: (_: unknown, r: TargetRow) => orEmpty(r.alias || r.sn) },
    { title: c('name'), key: 'name', render: (_: unknown, r: TargetRow) => orEmpty(r.name) },
    {
      title: c('value'),
      key: 'value',
      align: 'right',
      render: (_: unknown, r: TargetRow) => orEmpty(r.value),
    },
    {
      title: c('received'),
      key: 'received_at',
      width: 170,
      render: (_: unknown, r: TargetRow) => formatTime(r.received_at, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
  return (
    <Table<TargetRow>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows.data?.items ?? []}
      loading={rows.isFetching}
      scroll={{ x: 700 }}
      pagination={{
        current: page,
        pageSize: SIZE,
        total: rows.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      onChange={(p) => setPage(p.current ?? 1)}
      locale={{
        emptyText: (
          <ListEmpty
            query={rows}
            filtered={false}
            texts={{ failed: c('failed'), noMatch: c('empty'), empty: c('empty'), emptyHint: c('emptyHint') }}
            classNames={{
              pending: 'automation-pending',
              icon: 'automation-empty__icon',
              empty: 'automation-empty',
            }}
          />
        ),
      }}
    />
  );
}

export const TargetRows = perOpening(function TargetRows({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: Target | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
      title={t('configure.automation.rows.title', { name: target?.name ?? '' })}
    >
      {target && <Rows target={target} />}
    </Modal>
  );
});
