// The selected card's settings (the editing-binding mode of SPEC §4): its title and title bar, which tree it follows
// ('none' or one of its type's links), and its type's own settings form (a lazy chunk); duplicate and delete. Each
// field's edit, from focus to blur, is one undo step.
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Form, Input, Popconfirm, Select, Skeleton, Space, Switch } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { DASHBOARD_CARD_TITLE_MAX } from '@/types/limits.gen';
import { updateCard } from '../model';
import { widgetOf } from '../widgets/registry';
import type { FilledCard } from '../widgets/types';
import { useEditor, useEditorStore } from './context';

export interface SettingsDrawerProps {
  dashboardId: number;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}

export function SettingsDrawer({ dashboardId, onDuplicate, onDelete }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const card = useEditor((s) => s.draft.model.cards.find((c) => c.id === s.selection) ?? null);
  const definition = card ? widgetOf(card.type) : null;
  const name = card && definition ? card.title || t(definition.i18nKey) : '';
  const { beginGesture, endGesture } = store.getState();
  const patch = (id: string, next: Parameters<typeof updateCard>[2]) => {
    store.getState().apply((m) => updateCard(m, id, next));
  };
  return (
    <Drawer
      open={card !== null}
      title={definition ? t('dashboards.editor.settings', { name: t(definition.i18nKey) }) : null}
      placement="right"
      size={380}
      mask={false}
      // Drawn inside the editor's main area (position: relative), below its toolbar.
      getContainer={false}
      rootStyle={{ position: 'absolute' }}
      destroyOnHidden
      onClose={() => {
        store.getState().select(null);
      }}
      footer={
        card && (
          <Space>
            <Button
              icon={<CopyOutlined />}
              onClick={() => {
                onDuplicate(card.id);
              }}
            >
              {t('dashboards.editor.duplicate')}
            </Button>
            <Popconfirm
              title={t('dashboards.editor.deleteConfirm', { name })}
              description={t('dashboards.editor.deleteHint')}
              okText={t('dashboards.editor.deleteOk')}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                onDelete(card.id);
              }}
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('dashboards.editor.delete')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {card && definition && (
        <div onFocusCapture={beginGesture} onBlurCapture={endGesture}>
          <CardFields card={card} links={definition.links} onPatch={(next) => patch(card.id, next)} />
          <Divider titlePlacement="start">{t('dashboards.editor.widgetSettings')}</Divider>
          <Suspense fallback={<Skeleton active />}>
            <definition.settingsForm
              key={card.id}
              settings={card.settings}
              dashboardId={dashboardId}
              onChange={(settings) => {
                patch(card.id, { settings });
              }}
            />
          </Suspense>
        </div>
      )}
    </Drawer>
  );
}

function CardFields({
  card,
  links,
  onPatch,
}: {
  card: FilledCard;
  links: readonly ('device' | 'group')[];
  onPatch: (next: Parameters<typeof updateCard>[2]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('dashboards.editor.cardTitle')}>
        <Input
          value={card.title}
          maxLength={DASHBOARD_CARD_TITLE_MAX}
          showCount
          placeholder={t('dashboards.editor.cardTitlePlaceholder')}
          onChange={(event) => {
            onPatch({ title: event.target.value });
          }}
        />
      </Form.Item>
      <Form.Item label={t('dashboards.editor.showTitle')}>
        <Switch
          checked={card.show_title}
          aria-label={t('dashboards.editor.showTitle')}
          onChange={(show_title) => {
            onPatch({ show_title });
          }}
        />
      </Form.Item>
      {links.length > 0 && (
        <Form.Item label={t('dashboards.editor.link')} extra={t('dashboards.editor.linkHint')}>
          <Select
            aria-label={t('dashboards.editor.link')}
            value={card.link}
            onChange={(link: FilledCard['link']) => {
              onPatch({ link });
            }}
            options={[
              { value: 'none', label: t('dashboards.editor.linkOption.none') },
              ...links.map((link) => ({ value: link, label: t(`dashboards.editor.linkOption.${link}`) })),
            ]}
          />
        </Form.Item>
      )}
    </Form>
  );
}
