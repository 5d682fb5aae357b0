// The picker's "3D models" tab: the caller's classifications on the left, their 3D models on the right (name, files,
// size, delete after a confirmation), and the upload of a model's files chosen together (checked here as the server
// checks them, then by the server), and a model's preview in 3D (model-preview-dialog.tsx). Opened for a 3D model
// element, a row is selected with a click and chosen with a double click (or the picker's OK).
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Table, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { DeleteItemButton } from './delete-button';
import { MODEL_SIZE_TEXT } from '@/types/limits.gen';
import { useDeleteModel } from './api/delete-model';
import { useModels } from './api/list-models';
import { ClassificationPanel } from './classification-panel';
import { formatSize } from './format';
import { checkModelFiles } from './model-rules';
import { ModelUploadDialog } from './model-upload-dialog';
import type { ClassifyOut, ModelOut } from './types';

// The 3D viewer and its dialog load on the first preview, not with the picker the designer's pages share.
const ModelPreviewDialog = lazy(() =>
  import('./model-preview-dialog').then((m) => ({ default: m.ModelPreviewDialog })),
);

const PAGE_SIZE = 10;
const ACCEPT = '.gltf,.bin,.jpg,.jpeg,.png,model/gltf+json,image/png,image/jpeg';

interface ModelPanelProps {
  /** The caller's own classifications. */
  classifications: ClassifyOut[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onCreate: () => void;
  onRename: (classification: ClassifyOut) => void;
  /** The caller's gallery usage line (images and models share the gallery_mb quota). */
  usage: ReactNode;
  /** Choosing a model for an element: the selected row, its selection and its choice. */
  selectedId?: number;
  onSelect?: (model: ModelOut) => void;
  onChoose?: (model: ModelOut) => void;
}

export function ModelPanel({
  classifications,
  loading,
  error,
  onRetry,
  onCreate,
  onRename,
  usage,
  selectedId,
  onSelect,
  onChoose,
}: ModelPanelProps) {
  const { t } = useTranslation();
  const [classifyId, setClassifyId] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [files, setFiles] = useState<File[] | null>(null);
  const [preview, setPreview] = useState<ModelOut | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const models = useModels({
    ...(classifyId !== undefined ? { classify_id: classifyId } : {}),
    name: search,
    page,
    page_size: PAGE_SIZE,
  });
  const remove = useDeleteModel();

  const onFiles = async (list: FileList | null | undefined) => {
    const chosen = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    const problem = await checkModelFiles(chosen);
    if (problem) toast.error(problem);
    else setFiles(chosen);
  };

  const uploadButton = (
    <Button
      icon={<UploadOutlined />}
      disabled={classifications.length === 0}
      onClick={() => fileInput.current?.click()}
    >
      {t('designer.gallery.model.upload')}
    </Button>
  );

  const columns = [
    { title: t('designer.gallery.model.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('designer.gallery.model.files'),
      key: 'files',
      render: (_: unknown, model: ModelOut) => (
        <Typography.Text type="secondary" className="gallery-models__files">
          {model.files.map((f) => f.name).join(', ')}
        </Typography.Text>
      ),
    },
    {
      title: t('designer.gallery.model.size'),
      key: 'size',
      width: 110,
      render: (_: unknown, model: ModelOut) => formatSize(model.size_bytes),
    },
    {
      title: t('designer.gallery.model.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, model: ModelOut) => (
        <>
          <Tooltip title={t('designer.gallery.model.preview')}>
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('designer.gallery.model.previewNamed', { name: model.name })}
              onClick={() => setPreview(model)}
            />
          </Tooltip>
          <DeleteItemButton kind="model" name={model.name} onDelete={() => remove.mutateAsync(model.id)} />
        </>
      ),
    },
  ];

  return (
    <div className="gallery-picker">
      <ClassificationPanel
        classifications={classifications}
        loading={loading}
        error={error}
        onRetry={onRetry}
        editable
        counts="models"
        selectedId={classifyId}
        onSelect={(id) => {
          setClassifyId(id);
          setPage(1);
        }}
        onCreate={onCreate}
        onRename={onRename}
      />
      <div className="gallery-picker__main">
        <div className="gallery-picker__toolbar">
          <Input.Search
            allowClear
            className="gallery-picker__search"
            placeholder={t('designer.gallery.model.search')}
            aria-label={t('designer.gallery.model.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
          />
          {usage}
          {classifications.length === 0 ? (
            <Tooltip title={t('designer.gallery.upload.needClassification')}>{uploadButton}</Tooltip>
          ) : (
            uploadButton
          )}
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            data-testid="gallery-model-files"
            onChange={(e) => void onFiles(e.target.files)}
          />
        </div>
        <Typography.Paragraph type="secondary" className="gallery-models__hint">
          {t('designer.gallery.model.hint', { size: MODEL_SIZE_TEXT })}
        </Typography.Paragraph>
        <Table<ModelOut>
          size="small"
          rowKey="id"
          columns={columns}
          {...(onSelect
            ? {
                rowSelection: {
                  type: 'radio' as const,
                  selectedRowKeys: selectedId === undefined ? [] : [selectedId],
                  onChange: (_: unknown, rows: ModelOut[]) => {
                    if (rows[0]) onSelect(rows[0]);
                  },
                },
                onRow: (model: ModelOut) => ({
                  onClick: () => onSelect(model),
                  onDoubleClick: () => onChoose?.(model),
                }),
              }
            : {})}
          dataSource={models.data?.items ?? []}
          loading={models.isFetching}
          locale={{
            emptyText: models.isError
              ? t('designer.gallery.model.loadFailed')
              : t(search ? 'designer.gallery.model.noMatch' : 'designer.gallery.model.empty'),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: models.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </div>
      <ModelUploadDialog
        files={files}
        classifications={classifications}
        defaultClassifyId={classifyId ?? classifications[0]?.id}
        onClose={() => setFiles(null)}
      />
      {preview && (
        <Suspense fallback={null}>
          <ModelPreviewDialog model={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </div>
  );
}
