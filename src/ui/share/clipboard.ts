// Writing text to the clipboard where the browser allows it. Where it does not (no Clipboard API,
// an insecure page, a denied permission), the caller shows the text selected in a read-only field.

export type CopyResult = 'copied' | 'unavailable';

export async function copyText(text: string, win: Window & typeof globalThis): Promise<CopyResult> {
  const clipboard = win.navigator?.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'unavailable';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'unavailable';
  }
}
