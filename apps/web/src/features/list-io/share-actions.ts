// Getting a list out of the browser: the Web Share API where the device has it (phones), else the
// clipboard; files through a download link. Each says what happened so the screen can tell the
// shopper ('Copied to the clipboard').

export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed';

export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export async function shareText(title: string, text: string): Promise<ShareResult> {
  if (canShare()) {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      // The shopper closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function downloadFile(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
