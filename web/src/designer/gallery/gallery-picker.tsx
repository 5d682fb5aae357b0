// The gallery dialog the editor opens to choose an image (issue 15, point 6): the system gallery and the caller's
// own, each by classification, searched by name; the caller's own takes uploads (checked here as the server checks
// them) and new, renamed or deleted classifications. It hands back the chosen image's URL, what a document stores.
// A third tab keeps the caller's 3D models (model-panel.tsx): uploaded and deleted there, and chosen from when the
// picker is opened for a 3D model element (`onSelectModel`: then it opens on that tab alone).
import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useGalleryUsage } from './api/gallery-usage';
import { useClassifications } from './api/list-classifications';
import { ClassificationDialog } from './classification-dialog';
import { ClassificationPanel } from './classification-panel';
import { formatMegabytes } from './format';
import { ImageGrid } from './image-grid';
import { ModelPanel } from './model-panel';
import type { ClassifyOut, GalleryKind, ImageOut, ImageUse, ModelOut } from './types';
import { UploadDialog } from './upload-dialog';
import { checkImageFile } from './upload-rules';
import './gallery.css';

const PAGE_SIZE = 24;
const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
// An SVG is an icon or an image, never a background (the server sanitises it).
const ACCEPT_SVG = `${ACCEPT},image/svg+xml,.svg`;

export interface GalleryPickerProps {
  open: boolean;
  /** What the image is for: it names an upload's size cap (icon 100 KB, image 1 MB, background 2 MB). */
  use?: ImageUse;
  onCancel: () => void;
  /** The chosen image: `url` is what the document stores (resolveImageUrl turns it into what an <img> loads). */
  onSelect?: (url: string, image: ImageOut) => void;
  /** Given: the picker chooses a 3D model (the "3D models" tab alone) and hands it back. */
  onSelectModel?: (model: ModelOut) => void;
}

export { formatMegabytes } from './format';

export function GalleryPicker({
  open,
  use = 'image',
  onCancel,
  onSelect,
  onSelectModel,
}: GalleryPickerProps) {
  const { t } = useTranslation();
  const pickingModel = onSelectModel !== undefined;
  const [kind, setKind] = useState<GalleryKind>(pickingModel ? 'models' : 'system');
  const [model, setModel] = useState<ModelOut | null>(null);
  const [classifyId, setClassifyId] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ImageOut | null>(null);
  const [editing, setEditing] = useState<ClassifyOut | null | undefined>(undefined);
  const [uploadFile, setUploadFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const classifications = useClassifications();
  const mine = kind === 'mine';
  const models = kind === 'models';
  const usage = useGalleryUsage(open && kind !== 'system');

  const all = classifications.data ?? [];
  const shown = all.filter((c) => c.is_system === !mine);
  const own = all.filter((c) => !c.is_system);

  const switchTo = (next: GalleryKind) => {
    setKind(next);
    setClassifyId(undefined);
    setPage(1);
    setSelected(null);
  };

  const choose = (image: ImageOut) => onSelect?.(image.url, image);

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = await checkImageFile(file, use);
    if (problem) toast.error(problem);
    else setUploadFile(file);
  };

  const uploadButton = (
    <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
      {t('designer.gallery.upload.button')}
    </Button>
  );

  const usageLine = usage.data && (
    <Typography.Text type="secondary" className="gallery-picker__usage">
      {usage.data.quota_bytes === null
        ? t('designer.gallery.usage.unlimited', { used: formatMegabytes(usage.data.used_bytes) })
        : t('designer.gallery.usage.limited', {
            used: formatMegabytes(usage.data.used_bytes),
            quota: formatMegabytes(usage.data.quota_bytes),
          })}
    </Typography.Text>
  );

  const body = (
    <div className="gallery-picker">
      <ClassificationPanel
        classifications={shown}
        loading={classifications.isPending}
        error={classifications.isError}
        onRetry={() => void classifications.refetch()}
        editable={mine}
        selectedId={classifyId}
        onSelect={(id) => {
          setClassifyId(id);
          setPage(1);
        }}
        onCreate={() => setEditing(null)}
        onRename={setEditing}
      />
      <div className="gallery-picker__main">
        <div className="gallery-picker__toolbar">
          <Input.Search
            allowClear
            className="gallery-picker__search"
            placeholder={t('designer.gallery.image.search')}
            aria-label={t('designer.gallery.image.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
          />
          {mine && usageLine}
          {mine && uploadButton}
          <input
            ref={fileInput}
            type="file"
            accept={use === 'background' ? ACCEPT : ACCEPT_SVG}
            hidden
            data-testid="gallery-file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <ImageGrid
          params={{
            ...(classifyId !== undefined ? { classify_id: classifyId } : {}),
            system: !mine,
            name: search,
            page,
            page_size: PAGE_SIZE,
          }}
          editable={mine}
          selectedId={selected?.id}
          onSelect={setSelected}
          onChoose={choose}
          onPage={setPage}
        />
      </div>
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('designer.gallery.title')}
      width={920}
      destroyOnHidden
      okText={t('designer.gallery.action.choose')}
      cancelText={t('designer.gallery.action.cancel')}
      okButtonProps={{ disabled: pickingModel ? model === null : selected === null || models }}
      onOk={() => {
        if (pickingModel) {
          if (model) onSelectModel(model);
        } else if (selected) choose(selected);
      }}
      onCancel={onCancel}
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => switchTo(key as GalleryKind)}
        items={[
          ...(pickingModel
            ? []
            : [
                { key: 'system', label: t('designer.gallery.tab.system'), children: mine ? null : body },
                { key: 'mine', label: t('designer.gallery.tab.mine'), children: mine ? body : null },
              ]),
          {
            key: 'models',
            label: t('designer.gallery.tab.models'),
            children: models ? (
              <ModelPanel
                classifications={own}
                loading={classifications.isPending}
                error={classifications.isError}
                onRetry={() => void classifications.refetch()}
                onCreate={() => setEditing(null)}
                onRename={setEditing}
                usage={usageLine}
                {...(pickingModel
                  ? { selectedId: model?.id, onSelect: setModel, onChoose: onSelectModel }
                  : {})}
              />
            ) : null,
          },
        ]}
      />
      <ClassificationDialog
        open={editing !== undefined}
        classification={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          if (editing === null && mine) setClassifyId(saved.id);
        }}
      />
      <UploadDialog
        file={uploadFile}
        use={use}
        classifications={own}
        defaultClassifyId={own.find((c) => c.id === classifyId && !c.uncategorised)?.id}
        onClose={() => setUploadFile(null)}
        onUploaded={setSelected}
      />
    </Modal>
  );
}
