// Share links (/system/shareLink, P82000): the caller's configuration links (their devices), dashboard links (their
// dashboard, made from the dashboards page) and sector links (their business sector, made from the sector pages),
// with their permission, expiry, opens and state; search and a state filter in the URL; edit, reset the address of,
// revoke and delete a link, and a new configuration link. An address is shown once, when it is made (a new link, a
// reset one): the server keeps only its hash.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { ShareLinkModal } from '@/components/share-link-modal';
import { ShareLinkUrlModal } from '@/components/share-link-url-modal';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import {
  shareLinkUrl,
  useDeleteShareLink,
  useResetShareLink,
  useShareLinks,
  useUpdateShareLink,
  type ShareLinkOut,
  type ShareLinkParams,
} from '@/lib/share-links/api';
import { toast } from '@/lib/toast';
import { shareLinkColumns } from '../components/share-link-columns';
import '../system.css';

type Filters = Omit<ShareLinkParams, 'page' | 'page_size'>;
const LIST_PARAMS: ParamSpec<Filters> = { keyword: param.text, use_state: param.oneOf([0, 1]) };

export default function ShareLinkPage() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const params: ShareLinkParams = list.params;
  const links = useShareLinks(params);
  useClampPage(list, links.data?.total);
  const update = useUpdateShareLink(false);
  const remove = useDeleteShareLink();
  const reset = useResetShareLink();
  const [editing, setEditing] = useState<ShareLinkOut | null>(null);
  const [open, setOpen] = useState(false);
  const [resetUrl, setResetUrl] = useState<string | null>(null);

  const columns = shareLinkColumns(t, {
    reset: (link) =>
      reset.mutate(link.id, {
        onSuccess: (fresh) => {
          if (fresh.token) setResetUrl(shareLinkUrl(fresh.token, fresh.link_type));
        },
      }),
    edit: (link) => {
      setEditing(link);
      setOpen(true);
    },
    setEnabled: (link, enabled) =>
      update.mutate(
        { id: link.id, use_state: enabled ? 1 : 0 },
        { onSuccess: () => toast.success(t(enabled ? 'share.list.enabled' : 'share.list.revoked')) },
      ),
    remove: (link) => remove.mutate(link.id, { onSuccess: () => toast.success(t('share.list.deleted')) }),
  });
  const scroll = useFitScroll(columns);
  const filtered = params.keyword !== undefined || params.use_state !== undefined;

  return (
    <div className="page">
      <PageHeader
        title={t('menu.shareLink')}
        subTitle={t('share.list.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t('share.list.create')}
          </Button>
        }
      />
      <Card>
        <ListToolbar className="share-links-toolbar">
          <ListSearch
            className="share-links-toolbar__search"
            value={params.keyword}
            placeholder={t('share.list.searchPlaceholder')}
            onSearch={(q) => list.filter({ keyword: q })}
          />
          <Select<number>
            className="share-links-toolbar__filter"
            allowClear
            aria-label={t('share.list.stateFilter')}
            placeholder={t('share.list.stateFilter')}
            value={params.use_state}
            onChange={(value) => list.filter({ use_state: value })}
            options={[
              { value: 1, label: t('share.list.useState.1') },
              { value: 0, label: t('share.list.useState.0') },
            ]}
          />
        </ListToolbar>
        {links.isError ? (
          <Result
            status="warning"
            title={t('share.list.loadFailed')}
            subTitle={isApiError(links.error) ? links.error.detail : undefined}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void links.refetch()}>
                {t('share.failed.retry')}
              </Button>
            }
          />
        ) : (
          <DataTable<ShareLinkOut>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={links.data?.items ?? []}
            loading={links.isPending || (links.isFetching && links.isPlaceholderData)}
            scroll={scroll}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(filtered ? 'share.list.noMatch' : 'share.list.empty')}
                />
              ),
            }}
            pagination={{
              current: params.page,
              pageSize: params.page_size,
              total: links.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => t('share.list.total', { total }),
            }}
            onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
          />
        )}
      </Card>
      <ShareLinkModal open={open} link={editing} onClose={() => setOpen(false)} />
      <ShareLinkUrlModal url={resetUrl} title={t('share.url.resetTitle')} onClose={() => setResetUrl(null)} />
    </div>
  );
}
