// Saving a Blob as a file: an object URL on a temporary <a download>, clicked, then released.

/** Object URLs live this long after the click: enough for the browser to start the download. */
const REVOKE_AFTER_MS = 60_000;

function canDownload(win: Window & typeof globalThis): boolean {
  return typeof win.URL?.createObjectURL === 'function' && typeof win.Blob === 'function';
}

/** Returns false when the browser cannot save files this way. */
export function downloadBlob(blob: Blob, fileName: string, doc: Document): boolean {
  const win = doc.defaultView;
  if (!win || !canDownload(win)) return false;
  const url = win.URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  win.setTimeout(() => win.URL.revokeObjectURL?.(url), REVOKE_AFTER_MS);
  return true;
}
