// The canvas's clipboard: the system clipboard when the browser lets the page use it (a copy then pastes into
// another tab, another screen or another template), else what this tab copied last (an http page, a denied
// permission, a test). A system clipboard that answers with someone else's text pastes nothing.
let memory: string | null = null;

export async function writeClipboard(text: string): Promise<void> {
  memory = text;
  try {
    if ('clipboard' in navigator) await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard access: the tab's copy is kept above.
  }
}

export async function readClipboard(): Promise<string | null> {
  try {
    // jsdom and insecure origins have no navigator.clipboard, whatever its type says.
    if ('clipboard' in navigator) return await navigator.clipboard.readText();
  } catch {
    // Denied or not offered: fall back to the tab's copy.
  }
  return memory;
}

/** Forgets the tab's copy (tests). */
export function clearClipboardMemory(): void {
  memory = null;
}
