// Inbox (/info/inbox, P71000; issue 32 point 1, docs/api-messages.md): everything addressed to the user, newest
// first, server-paged, filtered by kind, read state and time; unread rows in bold; one message marked read by opening
// its link or by hand, a selection or every one at once; a selection or one message deleted after a confirmation.
import { CheckOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Modal, Segmented, Select, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { RowActions } from '@/components/table/row-actions';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { useInbox } from '../api/list-inbox';
import { useDeleteMessages, useMarkMessagesRead } from '../api/update-messages';
import { formatLogTime } from '../lib/format';
import { downloadSoftware, KIND_COLORS, KINDS, messageLink, messageText } from '../lib/messages';
import type { InboxParams, MessageKind, MessageOut } from '../types';
import { DayRangeFilter } from '../components/day-range-filter';
import '../info.css';

const LIST_PARAMS: ParamSpec<Omit<InboxParams, 'page' | 'page_size'>> = {
  kind: param.oneOf<MessageKind>(KINDS),
  read: param.bool,
  start: param.time,
  end: param.time,
};

type ReadFilter = 'all' | 'unread' | 'read';

export default function InboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(LIST_PARAMS);
  const params: InboxParams = list.params;
  const inbox = useInbox(params);
  useClampPage(list, inbox.data?.total);
  const markRead = useMarkMessagesRead();
  const remove = useDeleteMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const { filter } = list;

  const readFilter: ReadFilter = params.read === undefined ? 'all' : params.read ? 'read' : 'unread';
  const filtered =
    params.kind !== undefined ||
    params.read !== undefined ||
    params.start !== undefined ||
    params.end !== undefined;
  const unread = inbox.data?.unread ?? 0;

  const confirmDelete = (ids: number[]) => {
    Modal.confirm({
      title: t('info.inbox.deleteTitle', { count: ids.length }),
      content: t('info.inbox.deleteContent'),
      okText: t('info.inbox.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        await remove.mutateAsync(ids);
        setSelected((held) => held.filter((id) => !ids.includes(id)));
      },
    });
  };

  const open = (message: MessageOut, to: string) => {
    if (!message.read) markRead.mutate({ ids: [message.id] });
    void navigate(to);
  };

  const columns: NonNullable<TableProps<MessageOut>['columns']> = [
    {
      title: t('info.inbox.column.message'),
      key: 'message',
      render: (_: unknown, message: MessageOut) => {
        const { title, body } = messageText(t, message);
        return (
          <div
            className={
              message.read ? 'info-inbox__message' : 'info-inbox__message info-inbox__message--unread'
            }
          >
            <Typography.Text strong={!message.read} className="info-inbox__title">
              {!message.read && <Badge status="processing" aria-label={t('info.inbox.unreadMark')} />}
              {title || EMPTY}
            </Typography.Text>
            {body && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="info-inbox__body">
                {body}
              </Typography.Paragraph>
            )}
          </div>
        );
      },
    },
    {
      title: t('info.inbox.column.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 120,
      render: (kind: MessageKind) => <Tag color={KIND_COLORS[kind]}>{t(`info.inbox.kind.${kind}`)}</Tag>,
    },
    {
      title: t('info.inbox.column.sender'),
      dataIndex: 'sender_name',
      key: 'sender',
      width: 140,
      responsive: ['md'],
      render: (name: string | null) => name ?? t('info.inbox.system'),
    },
    {
      title: t('info.inbox.column.time'),
      dataIndex: 'created_at',
      key: 'time',
      width: 170,
      render: (ms: number) => formatLogTime(ms),
    },
    {
      title: t('info.inbox.column.actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, message: MessageOut) => {
        const to = messageLink(message);
        return (
          <RowActions
            moreLabel={t('info.inbox.more', { title: messageText(t, message).title })}
            actions={[
              to !== null && {
                key: 'open',
                label: t('info.inbox.open'),
                onClick: () => {
                  open(message, to);
                },
              },
              message.link_type === 'software' &&
                message.link_id !== null && {
                  key: 'download',
                  label: t('info.inbox.download'),
                  onClick: () => {
                    void downloadSoftware(message).catch(() => {
                      toast.error(t('info.inbox.downloadFailed'));
                    });
                    if (!message.read) markRead.mutate({ ids: [message.id] });
                  },
                },
              !message.read && {
                key: 'read',
                label: t('info.inbox.markRead'),
                onClick: () => {
                  markRead.mutate({ ids: [message.id] });
                },
              },
              {
                key: 'delete',
                label: t('info.inbox.delete'),
                danger: true,
                menu: true,
                onClick: () => {
                  confirmDelete([message.id]);
                },
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('menu.inbox')}
        subTitle={unread > 0 ? t('info.inbox.unreadCount', { count: unread }) : t('info.inbox.subtitle')}
      />
      <Card>
        <ListToolbar className="info-toolbar">
          <Segmented<ReadFilter>
            aria-label={t('info.inbox.filter.read')}
            value={readFilter}
            options={[
              { value: 'all', label: t('info.inbox.filter.all') },
              { value: 'unread', label: t('info.inbox.filter.unread') },
              { value: 'read', label: t('info.inbox.filter.readOnly') },
            ]}
            onChange={(value) => {
              filter({ read: value === 'all' ? undefined : value === 'read' });
            }}
          />
          <Select
            className="info-toolbar__filter"
            allowClear
            placeholder={t('info.inbox.filter.kind')}
            aria-label={t('info.inbox.filter.kind')}
            value={params.kind}
            options={KINDS.map((kind) => ({ value: kind, label: t(`info.inbox.kind.${kind}`) }))}
            onChange={(kind: MessageKind | undefined) => {
              filter({ kind });
            }}
          />
          <DayRangeFilter start={params.start} end={params.end} onChange={filter} />
          <div className="info-toolbar__spacer" />
          {selected.length > 0 && (
            <>
              <Button
                icon={<CheckOutlined />}
                onClick={() => {
                  markRead.mutate({ ids: selected });
                }}
              >
                {t('info.inbox.markSelectedRead', { count: selected.length })}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => {
                  confirmDelete(selected);
                }}
              >
                {t('info.inbox.deleteSelected', { count: selected.length })}
              </Button>
            </>
          )}
          <Button
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => {
              markRead.mutate({ all: true });
            }}
          >
            {t('info.inbox.markAllRead')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('info.inbox.refresh')}
            loading={inbox.isFetching}
            onClick={() => void inbox.refetch()}
          />
        </ListToolbar>
        <DataTable<MessageOut>
          rowKey="id"
          columns={columns}
          dataSource={inbox.data?.items ?? []}
          loading={inbox.isPending || (inbox.isFetching && inbox.isPlaceholderData)}
          locale={{
            emptyText: inbox.isError
              ? t('info.inbox.failed')
              : filtered
                ? t('info.inbox.noMatch')
                : t('info.inbox.empty'),
          }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => {
              setSelected(keys.map(Number));
            },
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: inbox.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('info.inbox.total', { total }),
          }}
          onChange={(pagination) => {
            list.setPage(pagination.current ?? 1, pagination.pageSize);
          }}
        />
      </Card>
    </div>
  );
}
