// Version upload (/software/version, P141000; issue 34 point 1): the tenant's software library. Each version with
// its type, the models or platform it fits, update content, size and checksum, update state, uploader and time;
// search, a type filter and a model filter in the URL; upload a version, download its package, edit its content,
// mode and state, publish or withdraw it, delete it.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCan } from '@/components/can';
import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { isApiError } from '@/lib/http';
import { Perm } from '@/lib/permissions';
import { param, useClampPage, useListParams, useSyncedText, type ParamSpec } from '@/lib/route-params';
import { toast } from '@/lib/toast';
import { SOFTWARE_MODEL_MAX } from '@/types/limits.gen';
import {
  downloadVersion,
  SOFTWARE_TYPES,
  useDeleteVersion,
  useUpdateVersion,
  useVersions,
  type SoftwareVersionOut,
  type SoftwareVersionParams,
} from '../api/versions';
import { versionColumns } from '../components/version-columns';
import { VersionEditModal } from '../components/version-edit-modal';
import { VersionUploadModal } from '../components/version-upload-modal';
import '../software.css';

type Filters = Omit<SoftwareVersionParams, 'page' | 'page_size'>;
const LIST_PARAMS: ParamSpec<Filters> = {
  keyword: param.text,
  model: param.text,
  type: param.oneOf<number>([...SOFTWARE_TYPES]),
};

export default function SoftwareVersionPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useCan(Perm.SOFTWARE_VERSION);
  const list = useListParams(LIST_PARAMS);
  const params: SoftwareVersionParams = list.params;
  const versions = useVersions(params);
  useClampPage(list, versions.data?.total);
  const update = useUpdateVersion();
  const remove = useDeleteVersion();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<SoftwareVersionOut | null>(null);
  const [model, setModel] = useSyncedText(params.model);

  const columns = versionColumns(t, i18n.language, {
    canWrite,
    download: (v) =>
      void downloadVersion(v).catch(() => {
        toast.error(t('software.actions.downloadFailed'));
      }),
    edit: setEditing,
    setPublished: (v, published) =>
      update.mutate(
        { id: v.id, state: published ? 1 : 0 },
        {
          onSuccess: () =>
            toast.success(t(published ? 'software.actions.published' : 'software.actions.withdrawn')),
          onError: (e) => toast.error(isApiError(e) ? e.detail : String(e)),
        },
      ),
    remove: (v) => remove.mutate(v.id, { onSuccess: () => toast.success(t('software.actions.deleted')) }),
  });
  const scroll = useFitScroll(columns);
  const filtered = params.keyword !== undefined || params.type !== undefined || params.model !== undefined;

  return (
    <div className="page">
      <PageHeader
        title={t('menu.softwareVersion')}
        subTitle={t('software.version.subtitle')}
        extra={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
              {t('software.version.upload')}
            </Button>
          )
        }
      />
      <Card>
        <ListToolbar className="software-toolbar">
          <ListSearch
            className="software-toolbar__search"
            value={params.keyword}
            placeholder={t('software.version.searchPlaceholder')}
            onSearch={(q) => list.filter({ keyword: q })}
          />
          <Select<number>
            className="software-toolbar__filter"
            allowClear
            aria-label={t('software.version.typeFilter')}
            placeholder={t('software.version.typeFilter')}
            value={params.type}
            onChange={(value) => list.filter({ type: value })}
            options={SOFTWARE_TYPES.map((value) => ({ value, label: t(`software.type.${String(value)}`) }))}
          />
          <Input
            className="software-toolbar__filter"
            allowClear
            maxLength={SOFTWARE_MODEL_MAX}
            aria-label={t('software.version.modelFilter')}
            placeholder={t('software.version.modelFilter')}
            value={model}
            onChange={(e) => {
              setModel(e.target.value);
              if (!e.target.value) list.filter({ model: undefined });
            }}
            onPressEnter={() => list.filter({ model: model.trim() || undefined })}
            onBlur={() => list.filter({ model: model.trim() || undefined })}
          />
        </ListToolbar>
        {versions.isError ? (
          <Result
            status="warning"
            title={t('software.version.loadFailed')}
            subTitle={isApiError(versions.error) ? versions.error.detail : undefined}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void versions.refetch()}>
                {t('software.version.retry')}
              </Button>
            }
          />
        ) : (
          <DataTable<SoftwareVersionOut>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={versions.data?.items ?? []}
            loading={versions.isPending || (versions.isFetching && versions.isPlaceholderData)}
            scroll={scroll}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(filtered ? 'software.version.noMatch' : 'software.version.empty')}
                />
              ),
            }}
            pagination={{
              current: params.page,
              pageSize: params.page_size,
              total: versions.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => t('software.version.total', { total }),
            }}
            onChange={(pagination) => list.setPage(pagination.current ?? 1, pagination.pageSize)}
          />
        )}
      </Card>
      <VersionUploadModal open={uploading} onClose={() => setUploading(false)} />
      <VersionEditModal open={editing !== null} version={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
