// The bulletin board tab of /info/systemMsg: the notices the caller sees, server-paged and searched, newest first;
// a writer also sees their drafts and scheduled notices, filters by state, and writes, edits, sends, schedules and
// deletes the ones they manage. A notice opens in a drawer with its whole text.
import { NotificationOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Segmented, Tag, Typography } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { DataTable } from '@/components/table/data-table';
import { RowActions } from '@/components/table/row-actions';
import { CellText } from '@/components/table/cell-text';
import { actionColumn, TIME_WIDTH, useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import type { ListParams } from '@/lib/route-params';
import type { BoardOut, BoardParams, NoticeOut, NoticeState } from '../api/system-msg-types';
import { NOTICE_STATES } from '../api/system-msg-types';
import { formatLogTime } from '../lib/format';
import { noticeAudience, noticeTime, STATE_COLORS } from '../lib/system-msg';
import { NoticeDrawer } from './notice-drawer';
import { NoticeFormModal } from './notice-form-modal';
import { NoticeScheduleModal } from './notice-schedule-modal';
import { useNoticeActions } from './use-notice-actions';

type BoardFilters = Omit<BoardParams, 'page' | 'page_size'>;
type StateFilter = NoticeState | 'all';

/** A dialog's state: open or closing, on the notice it was opened with (null: a new one). */
interface Opening {
  open: boolean;
  notice: NoticeOut | null;
}

const CLOSED: Opening = { open: false, notice: null };

export interface NoticeBoardProps {
  list: ListParams<BoardFilters>;
  board: UseQueryResult<BoardOut>;
  canWrite: boolean;
}

export function NoticeBoard({ list, board, canWrite }: NoticeBoardProps) {
  const { t } = useTranslation();
  const { params, filter } = list;
  const [form, setForm] = useState<Opening>(CLOSED);
  const [schedule, setSchedule] = useState<Opening>(CLOSED);
  const [detail, setDetail] = useState<Opening>(CLOSED);
  const filtered = params.q !== undefined || params.state !== undefined;

  /** The drawer follows what the server answered for its notice. */
  const follow = (notice: NoticeOut) => {
    setDetail((was) => (was.notice?.id === notice.id ? { ...was, notice } : was));
  };
  const { actionsFor } = useNoticeActions({
    onView: (notice) => {
      setDetail({ open: true, notice });
    },
    onEdit: (notice) => {
      setForm({ open: true, notice });
    },
    onSchedule: (notice) => {
      setSchedule({ open: true, notice });
    },
    onChanged: follow,
    onDeleted: (notice) => {
      setDetail((was) => (was.notice?.id === notice.id ? { ...was, open: false } : was));
    },
  });

  const open = (notice: NoticeOut) => {
    setDetail({ open: true, notice });
  };

  /** A column only writers see. */
  const writers = (column: TableColumnType<NoticeOut>) => (canWrite ? [column] : []);

  const columns: NonNullable<TableProps<NoticeOut>['columns']> = [
    {
      title: t('info.systemMsg.column.notice'),
      key: 'notice',
      minWidth: 240,
      render: (_: unknown, notice: NoticeOut) => (
        <div className="system-msg__cell">
          <button
            type="button"
            className="system-msg__open"
            onClick={() => {
              open(notice);
            }}
          >
            {notice.title}
          </button>
          <CellText secondary className="system-msg__excerpt">
            {notice.content}
          </CellText>
        </div>
      ),
    },
    ...writers({
      title: t('info.systemMsg.column.state'),
      dataIndex: 'state',
      key: 'state',
      width: 100,
      render: (state: NoticeState) => (
        <Tag color={STATE_COLORS[state]}>{t(`info.systemMsg.state.${state}`)}</Tag>
      ),
    }),
    {
      title: t('info.systemMsg.column.author'),
      dataIndex: 'author_name',
      key: 'author',
      width: 130,
      responsive: ['md'],
      render: (name: string | null) => <CellText>{name ?? EMPTY}</CellText>,
    },
    {
      title: t('info.systemMsg.column.audience'),
      key: 'audience',
      width: 180,
      responsive: ['lg'],
      render: (_: unknown, notice: NoticeOut) => (
        <div className="cell-lines">
          <CellText>{noticeAudience(t, notice)}</CellText>
          {canWrite && notice.state === 'sent' && (
            <Typography.Text type="secondary" className="cell-lines__secondary">
              {t('info.systemMsg.board.reached', { count: notice.recipients })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('info.systemMsg.column.time'),
      key: 'time',
      width: TIME_WIDTH,
      render: (_: unknown, notice: NoticeOut) => {
        const { kind, at } = noticeTime(notice);
        return (
          <div className="cell-lines">
            <span>{formatLogTime(at)}</span>
            {canWrite && kind !== 'sent' && (
              <Typography.Text type="secondary" className="cell-lines__secondary">
                {t(`info.systemMsg.time.${kind}`)}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    ...writers(
      actionColumn<NoticeOut>({
        title: t('info.systemMsg.column.actions'),
        labels: [t('info.systemMsg.action.send'), t('info.systemMsg.action.edit')],
        more: true,
        render: (notice) => (
          <RowActions
            moreLabel={t('info.systemMsg.more', { title: notice.title })}
            actions={actionsFor(notice, true)}
          />
        ),
      }),
    ),
  ];
  const scroll = useFitScroll(columns);

  const empty = board.isPending ? (
    <div className="system-msg__pending" />
  ) : board.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.systemMsg.board.failed')}>
      <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()}>
        {t('common.action.retry')}
      </Button>
    </Empty>
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.systemMsg.board.noMatch')} />
  ) : (
    <Empty
      image={<NotificationOutlined className="system-msg__empty-icon" />}
      description={canWrite ? t('info.systemMsg.board.emptyWriter') : t('info.systemMsg.board.empty')}
    >
      {canWrite && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setForm({ open: true, notice: null });
          }}
        >
          {t('info.systemMsg.board.create')}
        </Button>
      )}
    </Empty>
  );

  return (
    <>
      <ListToolbar className="info-toolbar">
        <ListSearch
          className="info-toolbar__search"
          value={params.q}
          placeholder={t('info.systemMsg.board.search')}
          onSearch={(q) => {
            filter({ q });
          }}
        />
        {canWrite && (
          <Segmented<StateFilter>
            aria-label={t('info.systemMsg.column.state')}
            value={params.state ?? 'all'}
            options={[
              { value: 'all', label: t('info.systemMsg.state.all') },
              ...NOTICE_STATES.map((state) => ({ value: state, label: t(`info.systemMsg.state.${state}`) })),
            ]}
            onChange={(value) => {
              filter({ state: value === 'all' ? undefined : value });
            }}
          />
        )}
        <div className="info-toolbar__spacer" />
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('info.systemMsg.refresh')}
          loading={board.isFetching}
          onClick={() => void board.refetch()}
        />
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setForm({ open: true, notice: null });
            }}
          >
            {t('info.systemMsg.board.create')}
          </Button>
        )}
      </ListToolbar>
      <DataTable<NoticeOut>
        rowKey="id"
        columns={columns}
        scroll={scroll}
        tableLayout="fixed"
        dataSource={board.data?.items ?? []}
        loading={board.isPending || (board.isFetching && board.isPlaceholderData)}
        locale={{ emptyText: empty }}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: board.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('info.systemMsg.total', { total }),
        }}
        onChange={(pagination) => {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }}
      />
      <NoticeDrawer
        open={detail.open}
        notice={detail.notice}
        canWrite={canWrite}
        actions={detail.notice ? actionsFor(detail.notice) : []}
        onClose={() => {
          setDetail((was) => ({ ...was, open: false }));
        }}
      />
      <NoticeFormModal
        open={form.open}
        notice={form.notice}
        onSaved={follow}
        onClose={() => {
          setForm((was) => ({ ...was, open: false }));
        }}
      />
      <NoticeScheduleModal
        open={schedule.open}
        notice={schedule.notice}
        onScheduled={follow}
        onClose={() => {
          setSchedule((was) => ({ ...was, open: false }));
        }}
      />
    </>
  );
}
