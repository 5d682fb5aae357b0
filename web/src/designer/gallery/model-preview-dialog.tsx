// A 3D model of the "3D models" tab drawn in a dialog, turned and zoomed with the pointer: the person sees what
// they uploaded. The viewer (components/model3d) loads three.js on its first opening, a chunk of its own.
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ModelView } from '@/components/model3d/model-view';
import { resolveImageUrl } from './resolve-url';
import type { ModelOut } from './types';

interface ModelPreviewDialogProps {
  /** The model shown; null: closed. */
  model: ModelOut | null;
  onClose: () => void;
}

export function ModelPreviewDialog({ model, onClose }: ModelPreviewDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={model !== null}
      title={model ? t('designer.gallery.model.previewTitle', { name: model.name }) : null}
      footer={null}
      width={720}
      destroyOnHidden
      onCancel={onClose}
    >
      {model && (
        <>
          <div className="gallery-models__preview">
            <ModelView url={resolveImageUrl(model.url)} interactive />
          </div>
          <Typography.Text type="secondary">{t('designer.gallery.model.previewHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
