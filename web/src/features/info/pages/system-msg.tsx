// Sent and notices (/info/systemMsg, P70000; issue 32 point 2, docs/api-messages.md): the bulletin board, which every
// user reads (the sent notices that reach them) and where administrators and secondary administrators write, send
// now or schedule, and delete notices; and, for those writers only (the board's `can_write`), the messages they sent
// to users, roles and user groups with how many read them. The open tab is in the URL (`?tab=sent`), each tab's
// search, filter and page beside it.
import { NotificationOutlined, SendOutlined } from '@ant-design/icons';
import { Card, Skeleton, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { PAGE_SIZE_DEFAULT } from '@/types/limits.gen';
import { useBoard } from '../api/board';
import { NOTICE_STATES, type BoardParams, type NoticeState } from '../api/system-msg-types';
import { NoticeBoard } from '../components/notice-board';
import { SentBox } from '../components/sent-box';
import '../info.css';

type TabKey = 'board' | 'sent';

const BOARD_PARAMS: ParamSpec<Omit<BoardParams, 'page' | 'page_size'>> = {
  state: param.oneOf<NoticeState>(NOTICE_STATES),
  q: param.text,
};

/** The board's first page: what the Sent tab asks to learn whether the caller writes (the board tab's own start). */
const FIRST_PAGE: BoardParams = { page: 1, page_size: PAGE_SIZE_DEFAULT };

export default function SystemMsgPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const wanted: TabKey = search.get('tab') === 'sent' ? 'sent' : 'board';
  const list = useListParams(BOARD_PARAMS);
  const board = useBoard(wanted === 'board' ? list.params : FIRST_PAGE);
  useClampPage(list, wanted === 'board' ? board.data?.total : undefined);
  const canWrite = board.data?.can_write ?? false;
  const known = board.data !== undefined;
  const tab: TabKey = wanted === 'sent' && canWrite ? 'sent' : 'board';

  // A reader sent to the Sent tab (an old link) is on the board: the address says so too.
  const refused = wanted === 'sent' && known && !canWrite;
  useEffect(() => {
    if (refused) setSearch({}, { replace: true });
  }, [refused, setSearch]);

  const boardTab = { key: 'board', label: t('info.systemMsg.tab.board'), icon: <NotificationOutlined /> };

  return (
    <div className="page system-msg">
      <PageHeader
        title={t('menu.systemMsg')}
        subTitle={canWrite ? t('info.systemMsg.subtitleWriter') : t('info.systemMsg.subtitle')}
      />
      <Card>
        {wanted === 'sent' && !known && !board.isError ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setSearch(key === 'sent' ? { tab: 'sent' } : {}, { replace: true });
            }}
            destroyOnHidden
            items={[
              {
                ...boardTab,
                children: <NoticeBoard list={list} board={board} canWrite={canWrite} />,
              },
              ...(canWrite
                ? [
                    {
                      key: 'sent',
                      label: t('info.systemMsg.tab.sent'),
                      icon: <SendOutlined />,
                      children: <SentBox />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
    </div>
  );
}
