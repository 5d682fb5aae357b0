// The "Sent" tab of /info/systemMsg (writers only): the messages the caller wrote, newest first, server-paged and
// searched; whom each was addressed to, how many of its recipients read it, when; one opens in a drawer. "Write
// message" addresses a new one to users, roles and groups; a selection or one message is deleted after a
// confirmation (the writer's copies only: the recipients keep theirs).
import { DeleteOutlined, EditOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Empty } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { CellText } from '@/components/table/cell-text';
import { actionColumn, TIME_WIDTH, useFitScroll } from '@/components/table/fit-columns';
import { DataTable } from '@/components/table/data-table';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { useDeleteSent, useSent } from '../api/sent';
import type { SentOut, SentParams } from '../api/system-msg-types';
import { formatLogTime } from '../lib/format';
import { addressees } from '../lib/system-msg';
import { MessageFormModal } from './message-form-modal';
import { RecipientTags } from './recipient-tags';
import { ReadProgress, SentDrawer } from './sent-drawer';

const LIST_PARAMS: ParamSpec<Omit<SentParams, 'page' | 'page_size'>> = { q: param.text };

interface Viewing {
  open: boolean;
  message: SentOut | null;
}

export function SentBox() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = useListParams(LIST_PARAMS);
  const { params } = list;
  const sent = useSent(params);
  useClampPage(list, sent.data?.total);
  const remove = useDeleteSent();
  const [selected, setSelected] = useState<number[]>([]);
  const [writing, setWriting] = useState(false);
  const [viewing, setViewing] = useState<Viewing>({ open: false, message: null });

  const confirmDelete = (ids: number[]) => {
    void modal.confirm({
      title: t('info.systemMsg.sent.deleteTitle', { count: ids.length }),
      content: t('info.systemMsg.sent.deleteContent', { count: ids.length }),
      okText: t('info.systemMsg.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        const { deleted } = await remove.mutateAsync(ids);
        toast.success(t('info.systemMsg.sent.deleted', { count: deleted }));
        setSelected((held) => held.filter((id) => !ids.includes(id)));
        setViewing((was) => (was.message && ids.includes(was.message.id) ? { ...was, open: false } : was));
      },
    });
  };

  const open = (message: SentOut) => {
    setViewing({ open: true, message });
  };

  const columns: NonNullable<TableProps<SentOut>['columns']> = [
    {
      title: t('info.systemMsg.column.message'),
      key: 'message',
      minWidth: 240,
      render: (_: unknown, message: SentOut) => (
        <div className="system-msg__cell">
          <button
            type="button"
            className="system-msg__open"
            onClick={() => {
              open(message);
            }}
          >
            {message.title}
          </button>
          <CellText secondary className="system-msg__excerpt">
            {message.body}
          </CellText>
        </div>
      ),
    },
    {
      title: t('info.systemMsg.column.to'),
      key: 'to',
      width: 280,
      responsive: ['md'],
      render: (_: unknown, message: SentOut) => <RecipientTags addressees={addressees(t, message)} max={2} />,
    },
    {
      title: t('info.systemMsg.column.read'),
      key: 'read',
      width: 150,
      render: (_: unknown, message: SentOut) => <ReadProgress message={message} />,
    },
    {
      title: t('info.systemMsg.column.sentAt'),
      dataIndex: 'created_at',
      key: 'time',
      width: TIME_WIDTH,
      render: (ms: number) => formatLogTime(ms),
    },
    actionColumn<SentOut>({
      title: t('info.systemMsg.column.actions'),
      labels: [t('info.systemMsg.action.view'), t('info.systemMsg.action.delete')],
      more: false,
      render: (message) => (
        <RowActions
          moreLabel={t('info.systemMsg.more', { title: message.title })}
          actions={[
            {
              key: 'view',
              label: t('info.systemMsg.action.view'),
              onClick: () => {
                open(message);
              },
            },
            {
              key: 'delete',
              label: t('info.systemMsg.action.delete'),
              danger: true,
              onClick: () => {
                confirmDelete([message.id]);
              },
            },
          ]}
        />
      ),
    }),
  ];
  const scroll = useFitScroll(columns, { selection: true });

  const empty = sent.isPending ? (
    <div className="system-msg__pending" />
  ) : sent.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.systemMsg.sent.failed')}>
      <Button icon={<ReloadOutlined />} onClick={() => void sent.refetch()}>
        {t('common.action.retry')}
      </Button>
    </Empty>
  ) : params.q !== undefined ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.systemMsg.sent.noMatch')} />
  ) : (
    <Empty
      image={<MailOutlined className="system-msg__empty-icon" />}
      description={t('info.systemMsg.sent.empty')}
    >
      <Button
        type="primary"
        icon={<EditOutlined />}
        onClick={() => {
          setWriting(true);
        }}
      >
        {t('info.systemMsg.sent.write')}
      </Button>
    </Empty>
  );

  return (
    <>
      <ListToolbar className="info-toolbar">
        <ListSearch
          className="info-toolbar__search"
          value={params.q}
          placeholder={t('info.systemMsg.sent.search')}
          onSearch={(q) => {
            list.filter({ q });
          }}
        />
        <div className="info-toolbar__spacer" />
        {selected.length > 0 && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              confirmDelete(selected);
            }}
          >
            {t('info.systemMsg.sent.deleteSelected', { count: selected.length })}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('info.systemMsg.refresh')}
          loading={sent.isFetching}
          onClick={() => void sent.refetch()}
        />
        <Button
          type="primary"
          icon={<EditOutlined />}
          onClick={() => {
            setWriting(true);
          }}
        >
          {t('info.systemMsg.sent.write')}
        </Button>
      </ListToolbar>
      <DataTable<SentOut>
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={sent.data?.items ?? []}
        loading={sent.isPending || (sent.isFetching && sent.isPlaceholderData)}
        locale={{ emptyText: empty }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => {
            setSelected(keys.map(Number));
          },
        }}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: sent.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('info.systemMsg.total', { total }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
      <SentDrawer
        open={viewing.open}
        message={viewing.message}
        onDelete={(message) => {
          confirmDelete([message.id]);
        }}
        onClose={() => {
          setViewing((was) => ({ ...was, open: false }));
        }}
      />
      <MessageFormModal
        open={writing}
        onClose={() => {
          setWriting(false);
        }}
      />
    </>
  );
}
