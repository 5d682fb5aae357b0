// The confirmations the template list and the overview share: delete, publish, unpublish, edit a published one.
// Refusals (115017 published, 115007 no bound device) come back as the wrapper's toast with the server's text.
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useDeleteTemplate } from '../api/delete-template';
import { usePublishTemplate } from '../api/publish-template';
import { useUnpublishTemplate } from '../api/unpublish-template';
import type { TemplateOut } from '../types';

type Target = Pick<TemplateOut, 'id' | 'name' | 'published' | 'bound_count'>;

export function useTemplateActions() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const remove = useDeleteTemplate();
  const publish = usePublishTemplate();
  const unpublish = useUnpublishTemplate();
  const cancelText = t('common.action.cancel');

  const confirmDelete = (template: Target, onDeleted?: () => void) => {
    void modal.confirm({
      title: t('configure.template.delete.title', { name: template.name }),
      content: t('configure.template.delete.content'),
      okText: t('configure.template.action.delete'),
      okButtonProps: { danger: true },
      cancelText,
      onOk: () =>
        remove.mutateAsync(template.id).then(
          () => {
            toast.success(t('configure.template.delete.done'));
            onDeleted?.();
          },
          () => undefined,
        ),
    });
  };

  const confirmPublish = (template: Target) => {
    void modal.confirm({
      title: t('configure.template.publish.title', { name: template.name }),
      content:
        template.bound_count > 0
          ? t('configure.template.publish.content', { count: template.bound_count })
          : t('configure.template.publish.contentNone'),
      okText: t('configure.template.action.publish'),
      cancelText,
      // Sent even without a bound device: the server's answer (115007) says why it cannot be published.
      onOk: () =>
        publish.mutateAsync(template.id).then(
          () => toast.success(t('configure.template.publish.done')),
          () => undefined,
        ),
    });
  };

  const confirmUnpublish = (template: Target) => {
    void modal.confirm({
      title: t('configure.template.unpublish.title', { name: template.name }),
      content: t('configure.template.unpublish.content'),
      okText: t('configure.template.action.unpublish'),
      okButtonProps: { danger: true },
      cancelText,
      onOk: () =>
        unpublish.mutateAsync(template.id).then(
          () => toast.success(t('configure.template.unpublish.done')),
          () => undefined,
        ),
    });
  };

  /** Opens the edit form at once, or after a warning when the template is published. */
  const confirmEdit = (template: Target, openForm: () => void) => {
    if (!template.published) {
      openForm();
      return;
    }
    void modal.confirm({
      title: t('configure.template.editPublished.title', { name: template.name }),
      content: t('configure.template.editPublished.content'),
      okText: t('configure.template.editPublished.ok'),
      cancelText,
      onOk: openForm,
    });
  };

  return { confirmDelete, confirmPublish, confirmUnpublish, confirmEdit };
}
