// Template library (/configureManage/templateLibrary, P44000): templates the caller shared out (receivers and their
// permission items, hand-over) and templates shared with the caller (copy into mine, open, leave the share).
import { ReloadOutlined, ShareAltOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { useCopyTemplate } from '../api/copy-template';
import { useLibrary } from '../api/library-list';
import { useLeaveTemplateShare } from '../api/share-leave';
import { ReceivedTable, SharedTable } from '../components/library/library-tables';
import { ShareManagerModal } from '../components/library/share-manager-modal';
import { TransferTemplateModal } from '../components/library/transfer-template-modal';
import { middlewarePath } from '../lib/library-paths';
import type { LibraryItem, LibraryParams, LibraryRelation } from '../types-library';
import '../components/library/library.css';

/** The open tab's search and paging in the URL, beside `tab` (switching tabs starts the other list afresh). */
const LIST_PARAMS: ParamSpec<{ q?: string }> = { q: param.text };

type Dialog =
  | { kind: 'share'; template: { id: number; name: string } | null }
  | { kind: 'transfer'; template: LibraryItem | null };

function LibraryTab({
  relation,
  onManage,
  onTransfer,
}: {
  relation: LibraryRelation;
  onManage: (row: LibraryItem) => void;
  onTransfer: (row: LibraryItem) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const listParams = useListParams(LIST_PARAMS);
  const params: LibraryParams = { ...listParams.params, relation };
  const list = useLibrary(params);
  useClampPage(listParams, list.data?.total);
  const copy = useCopyTemplate();
  const leave = useLeaveTemplateShare();
  const [copying, setCopying] = useState<number | null>(null);
  const total = list.data?.total ?? 0;

  const onCopy = (row: LibraryItem) => {
    setCopying(row.id);
    copy.mutateAsync({ id: row.id }).then(
      (created) => {
        setCopying(null);
        void modal.success({
          title: t('configure.library.copy.done', { name: created.name }),
          content: t('configure.library.copy.doneHint'),
          okText: t('configure.library.copy.open'),
          onOk: () => void navigate(middlewarePath(created.id)),
          closable: true,
        });
      },
      (e: unknown) => {
        setCopying(null);
        toast.error(isApiError(e) ? e.detail : t('configure.library.copy.failed'));
      },
    );
  };

  const onLeave = (row: LibraryItem) =>
    leave.mutateAsync(row.id).then(
      () => toast.success(t('configure.library.leave.done', { name: row.name })),
      () => undefined,
    );

  const filtered = Boolean(params.q);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered
          ? t('configure.library.noMatch')
          : relation === 'shared'
            ? t('configure.library.emptyShared')
            : t('configure.library.emptyReceived')
      }
    />
  );
  const tableProps = {
    rows: list.data?.items ?? [],
    loading: list.isPending || (list.isFetching && list.isPlaceholderData),
    empty,
    pagination: {
      current: params.page,
      pageSize: params.page_size,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showTotal: (n: number) => t('configure.library.total', { count: n }),
    },
    onChange: (pagination: { current?: number; pageSize?: number }) => {
      listParams.setPage(pagination.current ?? 1, pagination.pageSize);
    },
  };

  return (
    <>
      <ListToolbar className="tpl-lib-toolbar">
        <ListSearch
          className="tpl-lib-toolbar__search"
          value={params.q}
          placeholder={t('configure.library.searchPlaceholder')}
          onSearch={(q) => listParams.filter({ q: q })}
        />
        <Typography.Text type="secondary" className="tpl-lib-count">
          {t('configure.library.total', { count: total })}
        </Typography.Text>
        <span className="tpl-lib-spacer" />
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('configure.library.action.refresh')}
          loading={list.isFetching && !list.isPending}
          onClick={() => void list.refetch()}
        />
      </ListToolbar>
      {list.isError && !list.data ? (
        <Empty description={t('configure.library.loadFailed')} className="tpl-lib-empty">
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('common.action.retry')}
          </Button>
        </Empty>
      ) : relation === 'shared' ? (
        <SharedTable {...tableProps} onManage={onManage} onTransfer={onTransfer} />
      ) : (
        <ReceivedTable {...tableProps} onCopy={onCopy} onLeave={onLeave} copying={copying} />
      )}
    </>
  );
}

export default function TemplateLibraryPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: LibraryRelation = searchParams.get('tab') === 'received' ? 'received' : 'shared';
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <div className="page tpl-lib">
      <PageHeader
        title={t('menu.templateLibrary')}
        subTitle={t('configure.library.subtitle')}
        extra={
          <Space wrap>
            <Button icon={<SwapOutlined />} onClick={() => show({ kind: 'transfer', template: null })}>
              {t('configure.library.action.transferTemplate')}
            </Button>
            <Button
              type="primary"
              icon={<ShareAltOutlined />}
              onClick={() => show({ kind: 'share', template: null })}
            >
              {t('configure.library.action.shareTemplate')}
            </Button>
          </Space>
        }
      />
      <Card className="tpl-lib-card">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) =>
            setSearchParams(key === 'received' ? { tab: 'received' } : {}, { replace: true })
          }
          items={[
            {
              key: 'shared',
              label: t('configure.library.tab.shared'),
              children: (
                <LibraryTab
                  relation="shared"
                  onManage={(row) => show({ kind: 'share', template: { id: row.id, name: row.name } })}
                  onTransfer={(row) => show({ kind: 'transfer', template: row })}
                />
              ),
            },
            {
              key: 'received',
              label: t('configure.library.tab.received'),
              children: (
                <LibraryTab relation="received" onManage={() => undefined} onTransfer={() => undefined} />
              ),
            },
          ]}
        />
      </Card>
      <ShareManagerModal
        open={open && dialog?.kind === 'share'}
        template={dialog?.kind === 'share' ? dialog.template : null}
        onClose={close}
      />
      <TransferTemplateModal
        open={open && dialog?.kind === 'transfer'}
        template={dialog?.kind === 'transfer' ? dialog.template : null}
        onClose={close}
      />
    </div>
  );
}
