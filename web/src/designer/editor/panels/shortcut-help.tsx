// The shortcut help: every key and mouse shortcut of the canvas (its SHORTCUTS table) and the editor's own (save),
// with what each does. Mod reads Ctrl, or ⌘ on a Mac.
import { Modal, Table } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** One shortcut as the canvas lists it: each way to do it as the keys held together, and its text. */
export interface ShortcutRow {
  id: string;
  keys: readonly (readonly string[])[];
  i18nKey: string;
}

/** Ctrl+S saves (the page's, not the canvas's). */
export const EDITOR_SHORTCUTS: readonly ShortcutRow[] = [
  { id: 'save', keys: [['Mod', 'S']], i18nKey: 'designer.editor.shortcuts.save' },
];

const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** A key's name as shown: Mod for the platform, the mouse words translated. */
function keyName(key: string, t: (key: string) => string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  if (key === 'Click' || key === 'Drag' || key === 'Wheel' || key === 'Middle')
    return t(`designer.editor.shortcuts.keys.${key}`);
  return key;
}

interface ShortcutHelpProps {
  open: boolean;
  shortcuts: readonly ShortcutRow[];
  onClose: () => void;
}

export function ShortcutHelp({ open, shortcuts, onClose }: ShortcutHelpProps) {
  const { t } = useTranslation();
  const mac = isMac();
  return (
    <Modal
      open={open}
      title={t('designer.editor.shortcuts.title')}
      footer={null}
      onCancel={onClose}
      width={560}
    >
      <Table<ShortcutRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...shortcuts, ...EDITOR_SHORTCUTS]}
        columns={[
          {
            key: 'action',
            title: t('designer.editor.shortcuts.action'),
            render: (_, row) => t(row.i18nKey),
          },
          {
            key: 'keys',
            title: t('designer.editor.shortcuts.keysTitle'),
            render: (_, row) =>
              row.keys.map((combo, i) => (
                <Fragment key={combo.join('+')}>
                  {i > 0 && <span className="designer-keys__or">{t('designer.editor.shortcuts.or')}</span>}
                  <span className="designer-keys">
                    {combo.map((key) => (
                      <kbd key={key}>{keyName(key, t, mac)}</kbd>
                    ))}
                  </span>
                </Fragment>
              )),
          },
        ]}
      />
    </Modal>
  );
}
