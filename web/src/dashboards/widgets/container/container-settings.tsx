// The container card's settings: its tabs (at most 10), each a title and one card of any type but a container, in
// order; the chosen tab's card is set up below with its type's own settings form and its link; and how often the
// tabs turn (0: by hand only).
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DASHBOARD_CARD_TITLE_MAX, DASHBOARD_CONTAINER_TABS_MAX, WIDGET_TYPES } from '@/types/limits.gen';
import { newCardId } from '../../model/ids';
import { useWidgetHost } from '../host';
import type { InnerCard, SettingsFormProps, SettingsOf, WidgetHost, WidgetType } from '../types';
import './container.css';

type Tab = NonNullable<SettingsOf<'container'>['tabs']>[number];
type InnerType = InnerCard['type'];

export const INNER_TYPES = (WIDGET_TYPES as readonly WidgetType[]).filter(
  (type): type is InnerType => type !== 'container',
);

/** A fresh card of `type` for a tab: its defaults, no title, not linked. */
export function innerCard(
  host: Pick<WidgetHost, 'widgetOf'>,
  type: InnerType,
  taken: ReadonlySet<string>,
): InnerCard {
  return {
    id: newCardId(taken),
    type,
    title: '',
    show_title: true,
    link: 'none',
    settings: structuredClone(host.widgetOf(type).defaultSettings),
  } as InnerCard;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export default function ContainerSettings({
  settings,
  onChange,
  dashboardId,
}: SettingsFormProps<'container'>) {
  const { t } = useTranslation();
  const host = useWidgetHost();
  const tabs = settings.tabs ?? [];
  const [chosen, setChosen] = useState(0);
  const current = tabs[Math.min(chosen, tabs.length - 1)];
  const setTabs = (next: Tab[]) => {
    onChange({ ...settings, tabs: next });
  };
  const setTab = (index: number, tab: Tab) => {
    setTabs(tabs.map((x, i) => (i === index ? tab : x)));
  };
  const taken = new Set(tabs.map((tab) => tab.card.id));
  const typeOptions = INNER_TYPES.map((type) => {
    const Icon = host.widgetOf(type).icon;
    return {
      value: type,
      label: (
        <span>
          <Icon /> {t(host.widgetOf(type).i18nKey)}
        </span>
      ),
    };
  });
  const InnerForm = current ? host.widgetOf(current.card.type).settingsForm : null;
  const currentIndex = current ? tabs.indexOf(current) : -1;
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label={t('dashboards.widgets.container.interval')}
        extra={t('dashboards.widgets.container.intervalHint')}
      >
        <InputNumber
          min={0}
          max={3600}
          precision={0}
          value={settings.interval_s}
          suffix={t('dashboards.unit.seconds')}
          onChange={(value) => {
            onChange({ ...settings, interval_s: Math.min(3600, Math.max(0, Math.round(value ?? 0))) });
          }}
        />
      </Form.Item>
      <Form.Item label={t('dashboards.widgets.container.tabs')}>
        <div className="dbw-tab-list">
          {tabs.map((tab, index) => (
            <div
              key={tab.card.id}
              className={index === currentIndex ? 'dbw-tab-row dbw-tab-row--chosen' : 'dbw-tab-row'}
              onFocusCapture={() => {
                setChosen(index);
              }}
              onClick={() => {
                setChosen(index);
              }}
            >
              <div className="dbw-tab-row__fields">
                <Input
                  value={tab.title}
                  maxLength={DASHBOARD_CARD_TITLE_MAX}
                  placeholder={t('dashboards.widgets.container.tabTitle', { n: index + 1 })}
                  aria-label={t('dashboards.widgets.container.tabTitle', { n: index + 1 })}
                  onChange={(event) => {
                    setTab(index, { ...tab, title: event.target.value });
                  }}
                />
                <Select<InnerType>
                  value={tab.card.type}
                  options={typeOptions}
                  aria-label={t('dashboards.widgets.container.tabType', { n: index + 1 })}
                  onChange={(type) => {
                    setTab(index, { ...tab, card: innerCard(host, type, taken) });
                  }}
                />
              </div>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('dashboards.widgets.container.up')}
                onClick={() => {
                  setTabs(move(tabs, index, index - 1));
                  setChosen(index - 1);
                }}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === tabs.length - 1}
                aria-label={t('dashboards.widgets.container.down')}
                onClick={() => {
                  setTabs(move(tabs, index, index + 1));
                  setChosen(index + 1);
                }}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('dashboards.widgets.container.remove')}
                onClick={() => {
                  setTabs(tabs.filter((_, i) => i !== index));
                }}
              />
            </div>
          ))}
        </div>
        <Button
          icon={<PlusOutlined />}
          disabled={tabs.length >= DASHBOARD_CONTAINER_TABS_MAX}
          onClick={() => {
            setTabs([...tabs, { title: '', card: innerCard(host, 'text', taken) }]);
            setChosen(tabs.length);
          }}
        >
          {t('dashboards.widgets.container.add')}
        </Button>
      </Form.Item>
      {current && InnerForm && (
        <>
          <Typography.Title level={5}>
            {t('dashboards.widgets.container.tabSettings', {
              title: current.title || t(host.widgetOf(current.card.type).i18nKey),
            })}
          </Typography.Title>
          {host.widgetOf(current.card.type).links.length > 0 && (
            <Form.Item label={t('dashboards.editor.link')}>
              <Select
                value={current.card.link}
                options={[
                  { value: 'none', label: t('dashboards.editor.linkOption.none') },
                  ...host.widgetOf(current.card.type).links.map((link) => ({
                    value: link,
                    label: t(`dashboards.editor.linkOption.${link}`),
                  })),
                ]}
                onChange={(link) => {
                  setTab(currentIndex, { ...current, card: { ...current.card, link } });
                }}
              />
            </Form.Item>
          )}
          <Suspense fallback={<Skeleton active />}>
            <InnerForm
              key={current.card.id}
              settings={(current.card as InnerCard).settings}
              dashboardId={dashboardId}
              onChange={(next) => {
                setTab(currentIndex, { ...current, card: { ...current.card, settings: next } as InnerCard });
              }}
            />
          </Suspense>
        </>
      )}
    </Form>
  );
}
