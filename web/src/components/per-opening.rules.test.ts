// The rule of issue 30 point 1, checked on the sources: every dialog or drawer of the console that holds a form or
// state of its own is exported through perOpening (components/per-opening.tsx), so each opening shows its own
// record. A file that draws a dialog (antd Modal or Drawer, or the shared FormModal / ImportDialog) and keeps state
// (Form.useForm, useState) must call perOpening, or be listed below with the reason it need not.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const EXEMPT: Record<string, string> = {
  '/src/components/import-dialog.tsx':
    'generic frame: each import dialog built on it is exported through perOpening',
  '/src/app/layouts/deferred-modals.tsx': 'loads a dialog lazily; the dialogs it loads are perOpening',
  '/src/app/offline-banner.tsx': 'the offline notice: no record, no form',
  '/src/features/configure-manage/components/designer/versions-drawer.tsx': 'mounted only while shown',
  '/src/designer/gallery/gallery-picker.tsx': 'mounted only while picking',
  '/src/designer/user-symbols/symbol-editor.tsx':
    'mounted only while a symbol is edited, keyed by the symbol',
  '/src/designer/editor/panels/my-symbols-panel.tsx':
    'hosts the symbol import dialog (perOpening) and the symbol editor (keyed by its symbol)',
  '/src/designer/runtime/device-screen.tsx': 'a pop-up screen of the running screen: no form',
  '/src/designer/runtime/preview/screen-preview.tsx':
    'previews the screen being edited; the device chosen to preview it with is kept on purpose',
};

const drawsDialog = /<(Modal|Drawer|FormModal|ImportDialog)\b/;
const keepsState = /\b(useState|useForm)\b/;

describe('dialogs are mounted anew at each opening', () => {
  it('finds the dialogs', () => {
    const dialogs = Object.keys(sources).filter((path) => drawsDialog.test(sources[path]!));
    expect(dialogs.length).toBeGreaterThan(40);
  });

  it('every dialog with a form or state of its own is exported through perOpening', () => {
    const offending = Object.entries(sources)
      .filter(([path, text]) => drawsDialog.test(text) && keepsState.test(text) && !(path in EXEMPT))
      .filter(([, text]) => !text.includes('perOpening('))
      .map(([path]) => path);
    expect(offending).toEqual([]);
  });

  it('lists no exemption that is gone or needless', () => {
    for (const path of Object.keys(EXEMPT)) {
      const text = sources[path];
      expect(text, path).toBeDefined();
      expect(drawsDialog.test(text!) && keepsState.test(text!), path).toBe(true);
    }
  });
});
