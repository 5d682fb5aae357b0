// The data sources of a template (the "Data sources" tab of templateMiddleware): groups on the left, the searchable
// table on the right, the add/edit form, batch delete, xlsx import with a per-row report and export.
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { useFitScroll } from '@/components/table/fit-columns';
import { toast } from '@/lib/toast';
import { DATA_TYPES, PAGE_SIZE_DEFAULT } from '@/types/limits.gen';
import { useDeleteDataSources } from '../../api/data-source-delete';
import { useExportDataSources } from '../../api/data-source-export';
import { useDataSourceGroups } from '../../api/data-source-groups';
import { useDataSources } from '../../api/data-source-list';
import { sortGroups } from '../../lib/data-source-groups';
import type { DataSourceGroupOut, DataSourceOut } from '../../types-data-source';
import { useDataSourceColumns } from './data-source-columns';
import { DataSourceFormModal } from './data-source-form-modal';
import { GroupFormModal } from './group-form-modal';
import { GroupList } from './group-list';
import { ImportDataSourcesModal } from './import-data-sources-modal';
import { saveBlob } from '@/lib/download';

import './data-sources.css';
import { DataTable } from '@/components/table/data-table';

export interface DataSourcesPanelProps {
  templateId: number;
  dataVersion: '1.0' | '2.0';
  canEdit: boolean;
  canExport: boolean;
}

export function DataSourcesPanel({ templateId, dataVersion, canEdit, canExport }: DataSourcesPanelProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [dataType, setDataType] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ source: DataSourceOut | null } | null>(null);
  const [groupEditing, setGroupEditing] = useState<{ group: DataSourceGroupOut | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const groupsQuery = useDataSourceGroups(templateId);
  const groups = useMemo(() => sortGroups(groupsQuery.data ?? []), [groupsQuery.data]);
  const total = groupsQuery.data ? groups.reduce((sum, g) => sum + g.count, 0) : undefined;
  const params = {
    template_id: templateId,
    page,
    page_size: pageSize,
    q,
    group_id: groupId,
    data_type: dataType,
  };
  const list = useDataSources(params);
  const remove = useDeleteDataSources(templateId);
  const exporter = useExportDataSources();
  const filtered = q !== '' || dataType !== undefined || groupId !== undefined;

  const defaultGroupId = groupId ?? groups.find((g) => g.is_default)?.id ?? groups[0]?.id ?? null;

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected([]);
  };

  const deleteRows = (ids: number[]) =>
    remove.mutateAsync(ids).then(
      () => {
        toast.success(t('configure.dataSource.deleted', { count: ids.length }));
        setSelected((keys) => keys.filter((k) => !ids.includes(k)));
      },
      () => undefined,
    );

  const doExport = () => {
    exporter.mutateAsync(templateId).then(
      (blob) => {
        saveBlob(blob, t('configure.dataSource.exportFile', { id: templateId }));
        toast.success(t('configure.dataSource.exported'));
      },
      () => undefined,
    );
  };

  const columns = useDataSourceColumns({
    dataVersion,
    canEdit,
    groupId,
    onEdit: (source) => setEditing({ source }),
    onDelete: (ids) => void deleteRows(ids),
  });
  const scroll = useFitScroll(columns, { selection: canEdit });

  return (
    <div className="ds-panel">
      <GroupList
        templateId={templateId}
        groups={groups}
        total={total}
        loading={groupsQuery.isPending}
        error={groupsQuery.isError}
        onRetry={() => void groupsQuery.refetch()}
        canEdit={canEdit}
        selectedId={groupId}
        onSelect={(id) => changeFilter(() => setGroupId(id))}
        onCreate={() => setGroupEditing({ group: null })}
        onEdit={(group) => setGroupEditing({ group })}
      />
      <div className="ds-main">
        <ListToolbar className="ds-toolbar">
          <Space wrap className="ds-toolbar__filters">
            <Input.Search
              allowClear
              className="ds-toolbar__search"
              placeholder={t('configure.dataSource.search')}
              aria-label={t('configure.dataSource.search')}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value);
                if (e.target.value === '' && q !== '') changeFilter(() => setQ(''));
              }}
              onSearch={(value) => changeFilter(() => setQ(value.trim()))}
            />
            <Select<string>
              allowClear
              className="ds-toolbar__type"
              placeholder={t('configure.dataSource.allTypes')}
              aria-label={t('configure.dataSource.column.type')}
              value={dataType ?? null}
              onChange={(value) => changeFilter(() => setDataType(value || undefined))}
              options={DATA_TYPES.map((d) => ({ value: d, label: d }))}
            />
          </Space>
          <Space wrap>
            {canEdit && (
              <Button icon={<CloudUploadOutlined />} onClick={() => setImportOpen(true)}>
                {t('configure.dataSource.action.import')}
              </Button>
            )}
            {canExport && (
              <Button icon={<CloudDownloadOutlined />} loading={exporter.isPending} onClick={doExport}>
                {t('configure.dataSource.action.export')}
              </Button>
            )}
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={groups.length === 0}
                onClick={() => setEditing({ source: null })}
              >
                {t('configure.dataSource.action.create')}
              </Button>
            )}
          </Space>
        </ListToolbar>
        {selected.length > 0 && (
          <div className="ds-selection" role="status">
            <Typography.Text>
              {t('configure.dataSource.selected', { count: selected.length })}
            </Typography.Text>
            <Space>
              <Button size="small" onClick={() => setSelected([])}>
                {t('configure.dataSource.action.clearSelection')}
              </Button>
              <Popconfirm
                title={t('configure.dataSource.batchDeleteConfirm', { count: selected.length })}
                description={t('configure.dataSource.deleteHint')}
                okText={t('configure.dataSource.action.delete')}
                cancelText={t('common.action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => void deleteRows(selected)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  {t('configure.dataSource.action.batchDelete')}
                </Button>
              </Popconfirm>
            </Space>
          </div>
        )}
        <DataTable<DataSourceOut>
          className="ds-table"
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.isPending ? { delay: 200 } : list.isPending}
          scroll={scroll}
          {...(canEdit
            ? {
                rowSelection: {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(Number)),
                },
              }
            : {})}
          locale={{
            emptyText: list.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configure.dataSource.loadFailed')}>
                <Button size="small" onClick={() => void list.refetch()}>
                  {t('configure.dataSource.action.retry')}
                </Button>
              </Empty>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('configure.dataSource.noMatch') : t('configure.dataSource.empty')}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t('configure.dataSource.total', { total: n }),
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
        />
      </div>

      {editing && (
        <DataSourceFormModal
          open
          templateId={templateId}
          dataVersion={dataVersion}
          source={editing.source}
          groups={groups}
          defaultGroupId={defaultGroupId}
          onClose={() => setEditing(null)}
        />
      )}
      {groupEditing && (
        <GroupFormModal
          open
          templateId={templateId}
          group={groupEditing.group}
          onClose={() => setGroupEditing(null)}
          onCreated={(g) => changeFilter(() => setGroupId(g.id))}
        />
      )}
      <ImportDataSourcesModal
        templateId={templateId}
        open={importOpen}
        onClose={() => setImportOpen(false)}
      />
    </div>
  );
}
