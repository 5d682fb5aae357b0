// One kind's screens of a template (web or mobile): add, edit (name and size), copy, set main, delete, move up/down
// (buttons, so the order is kept by keyboard as by mouse), open in the designer; each with its thumbnail.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DesktopOutlined,
  EditOutlined,
  MobileOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Dropdown, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { toast } from '@/lib/toast';
import { SCREENS_PER_KIND_MAX } from '@/types/limits.gen';
import { useDeleteScreen } from '../api/delete-screen';
import { useOrderScreens } from '../api/order-screens';
import { useUpdateScreen } from '../api/update-screen';
import type { ScreenFormMode } from '../lib/screen-form';
import { moveId, screensOf } from '../lib/screens';
import { formatSize } from '@/lib/screen-size';
import { formatTime } from '../lib/template-format';
import { screenDesignPath } from '../lib/template-paths';
import type { ScreenKind, ScreenOut, TemplateOut } from '../types';
import { ScreenFormModal } from './screen-form-modal';
import { ScreenDesignThumbnail } from './template-thumbnail';

interface ScreenListProps {
  template: Pick<TemplateOut, 'id' | 'width' | 'height' | 'mobile_width' | 'mobile_height'>;
  kind: ScreenKind;
  screens: readonly ScreenOut[];
  /** Owner or the `design` item: add, rename, order, delete. */
  canDesign: boolean;
}

interface Dialog {
  mode: ScreenFormMode;
  screen: ScreenOut | null;
}

export function ScreenList({ template, kind, screens, canDesign }: ScreenListProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const items = screensOf(screens, kind);
  const order = useOrderScreens();
  const update = useUpdateScreen();
  const remove = useDeleteScreen();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'add', screen: null });
  const [open, setOpen] = useState(false);
  const full = items.length >= SCREENS_PER_KIND_MAX;
  const templateSize =
    kind === 'web'
      ? { width: template.width, height: template.height }
      : { width: template.mobile_width, height: template.mobile_height };

  const show = (mode: ScreenFormMode, screen: ScreenOut | null) => {
    setDialog({ mode, screen });
    setOpen(true);
  };

  const move = (index: number, delta: -1 | 1) => {
    const ids = moveId(
      items.map((s) => s.id),
      index,
      delta,
    );
    if (ids) order.mutate({ template_id: template.id, kind, ids });
  };

  const setMain = (screen: ScreenOut) =>
    update.mutate(
      { id: screen.id, is_main: true },
      { onSuccess: () => toast.success(t('configure.screen.setMainDone', { name: screen.name })) },
    );

  const confirmDelete = (screen: ScreenOut) => {
    void modal.confirm({
      title: t('configure.screen.deleteTitle', { name: screen.name }),
      content: t('configure.screen.deleteContent'),
      okText: t('configure.screen.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        remove.mutateAsync(screen.id).then(
          () => toast.success(t('configure.screen.deleted')),
          () => undefined,
        ),
    });
  };

  const addButton = canDesign && (
    <Tooltip title={full ? t('configure.screen.full', { max: SCREENS_PER_KIND_MAX }) : undefined}>
      <Button size="small" icon={<PlusOutlined />} disabled={full} onClick={() => show('add', null)}>
        {t('configure.screen.add')}
      </Button>
    </Tooltip>
  );

  return (
    <Card
      className="tpl-screens"
      size="small"
      title={
        <Space size={8}>
          {kind === 'web' ? <DesktopOutlined /> : <MobileOutlined />}
          <span>{kind === 'web' ? t('configure.screen.web') : t('configure.screen.mobile')}</span>
          <Typography.Text type="secondary" className="tpl-screens__meta">
            {t('configure.screen.defaultSize', { size: formatSize(templateSize.width, templateSize.height) })}
          </Typography.Text>
        </Space>
      }
      extra={addButton}
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configure.screen.empty')} />
      ) : (
        <ol
          className="tpl-screens__list"
          aria-label={kind === 'web' ? t('configure.screen.web') : t('configure.screen.mobile')}
        >
          {items.map((screen, index) => {
            const name = screen.name;
            return (
              <li key={screen.id} className="tpl-screens__item">
                <span className="tpl-screens__index">{index + 1}</span>
                <ScreenDesignThumbnail
                  screen={screen}
                  className={`tpl-screens__thumb tpl-screens__thumb--${kind}`}
                />
                <div className="tpl-screens__body">
                  <div className="tpl-screens__name">
                    <Typography.Text strong ellipsis title={name}>
                      {name}
                    </Typography.Text>
                    {screen.is_main && (
                      <Tag color="processing" variant="filled" className="tpl-screens__main">
                        {t('configure.screen.main')}
                      </Tag>
                    )}
                  </div>
                  <Typography.Text type="secondary" className="tpl-screens__time">
                    {t('configure.screen.sizeAndTime', {
                      size: formatSize(screen.width, screen.height),
                      time: formatTime(screen.updated_at),
                    })}
                  </Typography.Text>
                </div>
                <Space size={2} className="tpl-screens__actions">
                  {canDesign && (
                    <>
                      <Tooltip title={t('configure.screen.moveUp', { name })}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('configure.screen.moveUp', { name })}
                          disabled={index === 0 || order.isPending}
                          onClick={() => move(index, -1)}
                        />
                      </Tooltip>
                      <Tooltip title={t('configure.screen.moveDown', { name })}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('configure.screen.moveDown', { name })}
                          disabled={index === items.length - 1 || order.isPending}
                          onClick={() => move(index, 1)}
                        />
                      </Tooltip>
                    </>
                  )}
                  <Link to={screenDesignPath(screen.id)} className="tpl-screens__design">
                    <EditOutlined />
                    <span>{t('configure.screen.design')}</span>
                  </Link>
                  {canDesign && (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          { key: 'edit', label: t('configure.screen.edit') },
                          { key: 'copy', label: t('configure.screen.copy'), disabled: full },
                          ...(screen.is_main ? [] : [{ key: 'main', label: t('configure.screen.setMain') }]),
                          // The main screen of a kind cannot be deleted (115012): make another one main first.
                          ...(screen.is_main
                            ? []
                            : [{ key: 'delete', label: t('configure.screen.delete'), danger: true }]),
                        ],
                        onClick: ({ key }) => {
                          if (key === 'edit') show('edit', screen);
                          else if (key === 'copy') show('copy', screen);
                          else if (key === 'main') setMain(screen);
                          else if (key === 'delete') confirmDelete(screen);
                        },
                      }}
                    >
                      <Button
                        type="text"
                        size="small"
                        icon={<MoreOutlined />}
                        aria-label={t('configure.template.action.more', { name })}
                      />
                    </Dropdown>
                  )}
                </Space>
              </li>
            );
          })}
        </ol>
      )}
      <ScreenFormModal
        open={open}
        mode={dialog.mode}
        templateId={template.id}
        kind={kind}
        screen={dialog.screen}
        templateSize={templateSize}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
