// On opening, a draft written after the screen was last saved is offered back: restored, it becomes the editor's
// document as one undoable step (undo shows the saved screen again); discarded, it is deleted.
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatTime } from '../../lib/template-format';
import type { ScreenDraftOut } from '../../types-screen';

interface DraftOfferProps {
  draft: ScreenDraftOut;
  onRestore: () => void;
  onDiscard: () => void;
}

export function DraftOffer({ draft, onRestore, onDiscard }: DraftOfferProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="draft-offer"
      title={t('designer.editor.draft.offer', { time: formatTime(draft.updated_at) })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('designer.editor.draft.restore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('designer.editor.draft.discard')}
          </Button>
        </Space>
      }
    />
  );
}
