// The editor's toolbar, one line on a 1440 px screen: the dashboard's name (the server's refusal shown on the field),
// its resolution (presets or width × height within the server's limits), its theme and chart theme (each chart theme
// with its 10 colours); then desktop or phone layout, undo, redo and preview as icons with tooltips, the mobile and
// free-move flags under "more", and save. On a phone the fields wrap above the actions.
import {
  ArrowLeftOutlined,
  DesktopOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  MobileOutlined,
  MoreOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  Badge,
  Button,
  Form,
  Input,
  InputNumber,
  Popover,
  Segmented,
  Select,
  Space,
  Switch,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CHART_THEMES } from '@/components/charts/report/themes';
import {
  DASHBOARD_HEIGHT_MAX,
  DASHBOARD_HEIGHT_MIN,
  DASHBOARD_NAME_MAX,
  DASHBOARD_WIDTH_MAX,
  DASHBOARD_WIDTH_MIN,
} from '@/types/limits.gen';
import type { Breakpoint } from '../model';
import { DASHBOARD_THEME_LIST, type DashboardThemeName } from '../view/themes';
import { useEditor, useEditorStore, useHistory } from './context';

export const RESOLUTION_PRESETS = [
  { key: 'fhd', width: 1920, height: 1080 },
  { key: 'hd', width: 1366, height: 768 },
  { key: 'qhd', width: 2560, height: 1440 },
  { key: 'uhd', width: 3840, height: 2160 },
  { key: 'portrait', width: 1080, height: 1920 },
] as const;

const CUSTOM = 'custom';

export function presetOf(width: number, height: number): string {
  return RESOLUTION_PRESETS.find((p) => p.width === width && p.height === height)?.key ?? CUSTOM;
}

export interface ToolbarProps {
  /** The server's or the form's message on the name. */
  nameError: string | null;
  onNameEdited: () => void;
  preview: boolean;
  onPreview: (on: boolean) => void;
  saving: boolean;
  dirty: boolean;
  onSave: () => void;
  onBack?: (() => void) | undefined;
}

export function Toolbar({
  nameError,
  onNameEdited,
  preview,
  onPreview,
  saving,
  dirty,
  onSave,
  onBack,
}: ToolbarProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const meta = useEditor((s) => s.draft.meta);
  const breakpoint = useEditor((s) => s.breakpoint);
  const { canUndo, canRedo } = useHistory();
  const [customWanted, setCustomWanted] = useState(false);
  const preset = presetOf(meta.width, meta.height);
  const custom = customWanted || preset === CUSTOM;
  const { setMeta, beginGesture, endGesture } = store.getState();
  const gesture = { onFocus: beginGesture, onBlur: endGesture };

  return (
    <div className="dbe-toolbar" role="toolbar" aria-label={t('dashboards.editor.title')}>
      <Space wrap size={[8, 8]} className="dbe-toolbar__fields">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('dashboards.editor.back')}
            onClick={onBack}
          />
        )}
        <Form.Item
          className="dbe-toolbar__item"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? undefined}
        >
          <Input
            className="dbe-toolbar__name"
            aria-label={t('dashboards.editor.name')}
            placeholder={t('dashboards.editor.name')}
            value={meta.name}
            maxLength={DASHBOARD_NAME_MAX}
            showCount
            {...gesture}
            onChange={(event) => {
              onNameEdited();
              setMeta({ name: event.target.value });
            }}
          />
        </Form.Item>
        <Select
          aria-label={t('dashboards.editor.resolution')}
          className="dbe-toolbar__resolution"
          value={custom ? CUSTOM : preset}
          onChange={(key: string) => {
            const chosen = RESOLUTION_PRESETS.find((p) => p.key === key);
            setCustomWanted(!chosen);
            if (chosen) setMeta({ width: chosen.width, height: chosen.height });
          }}
          // Closed, a preset shows its size alone (its name is in the list).
          labelRender={({ value, label }) => {
            const chosen = RESOLUTION_PRESETS.find((p) => p.key === value);
            return chosen ? `${String(chosen.width)} × ${String(chosen.height)}` : label;
          }}
          options={[
            ...RESOLUTION_PRESETS.map((p) => ({
              value: p.key,
              label: `${t(`dashboards.editor.preset.${p.key}`)} ${p.width} × ${p.height}`,
            })),
            { value: CUSTOM, label: t('dashboards.editor.preset.custom') },
          ]}
        />
        {custom && (
          <Space.Compact>
            <InputNumber
              aria-label={t('dashboards.editor.width')}
              title={t('dashboards.editor.sizeRange', { min: DASHBOARD_WIDTH_MIN, max: DASHBOARD_WIDTH_MAX })}
              min={DASHBOARD_WIDTH_MIN}
              max={DASHBOARD_WIDTH_MAX}
              precision={0}
              value={meta.width}
              prefix={t('dashboards.editor.width')}
              {...gesture}
              onChange={(value) => {
                if (value !== null && value >= DASHBOARD_WIDTH_MIN && value <= DASHBOARD_WIDTH_MAX)
                  setMeta({ width: value });
              }}
            />
            <InputNumber
              aria-label={t('dashboards.editor.height')}
              title={t('dashboards.editor.sizeRange', {
                min: DASHBOARD_HEIGHT_MIN,
                max: DASHBOARD_HEIGHT_MAX,
              })}
              min={DASHBOARD_HEIGHT_MIN}
              max={DASHBOARD_HEIGHT_MAX}
              precision={0}
              value={meta.height}
              prefix={t('dashboards.editor.height')}
              {...gesture}
              onChange={(value) => {
                if (value !== null && value >= DASHBOARD_HEIGHT_MIN && value <= DASHBOARD_HEIGHT_MAX)
                  setMeta({ height: value });
              }}
            />
          </Space.Compact>
        )}
        <Select<DashboardThemeName>
          aria-label={t('dashboards.editor.theme')}
          className="dbe-toolbar__theme"
          value={meta.theme}
          onChange={(theme) => {
            setMeta({ theme });
          }}
          options={DASHBOARD_THEME_LIST.map((theme) => ({
            value: theme.name,
            label: (
              <span className="dbe-swatch-label">
                <span className="dbe-swatch dbe-swatch--theme" style={{ background: theme.background }} />
                {t(theme.i18nKey)}
              </span>
            ),
          }))}
        />
        <Select<string>
          aria-label={t('dashboards.editor.chartTheme')}
          className="dbe-toolbar__chart-theme"
          value={meta.chart_theme}
          onChange={(chart_theme) => {
            setMeta({ chart_theme });
          }}
          popupMatchSelectWidth={false}
          options={CHART_THEMES.map((theme) => ({
            value: theme.id,
            label: (
              <span className="dbe-swatch-label" data-chart-theme={theme.id}>
                <span className="dbe-palette" style={{ background: theme.background }} aria-hidden>
                  {theme.palette.map((colour) => (
                    <span key={colour} className="dbe-palette__colour" style={{ background: colour }} />
                  ))}
                </span>
                {t(theme.i18nKey)}
              </span>
            ),
          }))}
        />
      </Space>
      <Space size={8} className="dbe-toolbar__actions">
        <Segmented<Breakpoint>
          aria-label={t('dashboards.editor.layout')}
          value={breakpoint}
          onChange={(next) => {
            store.getState().setBreakpoint(next);
          }}
          options={(
            [
              ['desktop', <DesktopOutlined key="desktop" aria-hidden />, t('dashboards.editor.desktop')],
              ['mobile', <MobileOutlined key="mobile" aria-hidden />, t('dashboards.editor.phone')],
            ] as const
          ).map(([value, icon, label]) => ({
            value,
            icon,
            label: <span className="dbe-toolbar__hidden">{label}</span>,
            tooltip: label,
          }))}
        />
        <Space.Compact>
          <Tooltip title={t('dashboards.editor.undo')}>
            <Button
              icon={<UndoOutlined />}
              aria-label={t('dashboards.editor.undo')}
              disabled={!canUndo}
              onClick={() => {
                store.getState().undo();
              }}
            />
          </Tooltip>
          <Tooltip title={t('dashboards.editor.redo')}>
            <Button
              icon={<RedoOutlined />}
              aria-label={t('dashboards.editor.redo')}
              disabled={!canRedo}
              onClick={() => {
                store.getState().redo();
              }}
            />
          </Tooltip>
        </Space.Compact>
        <Tooltip title={preview ? t('dashboards.editor.exitPreview') : t('dashboards.editor.preview')}>
          <Button
            icon={preview ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-label={t('dashboards.editor.preview')}
            aria-pressed={preview}
            onClick={() => {
              onPreview(!preview);
            }}
          />
        </Tooltip>
        <MoreSettings />
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={onSave}>
          {t('dashboards.editor.save')}
        </Button>
      </Space>
    </div>
  );
}

/** "More": the flags a dashboard is seldom changed for (shown on phones, free move), in a panel under the button;
 * a dot on the button while either is on. */
function MoreSettings() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const mobile = useEditor((s) => s.draft.meta.mobile);
  const freeMove = useEditor((s) => s.draft.meta.free_move);
  const [open, setOpen] = useState(false);
  const { setMeta } = store.getState();
  const panel = (
    <div className="dbe-more" role="group" aria-label={t('dashboards.editor.more')}>
      <label className="dbe-toolbar__switch">
        <Switch
          size="small"
          checked={mobile}
          onChange={(next) => {
            setMeta({ mobile: next });
          }}
        />
        {t('dashboards.editor.mobile')}
      </label>
      <label className="dbe-toolbar__switch">
        <Switch
          size="small"
          checked={freeMove}
          onChange={(next) => {
            setMeta({ free_move: next });
          }}
        />
        {t('dashboards.editor.freeMove')}
      </label>
      <span className="dbe-more__hint">{t('dashboards.editor.freeMoveHint')}</span>
    </div>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Tooltip title={open ? undefined : t('dashboards.editor.more')}>
        <Badge dot={mobile || freeMove} offset={[-4, 4]}>
          <Button icon={<MoreOutlined />} aria-label={t('dashboards.editor.more')} aria-expanded={open} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
