// GET /api/user/export: everything stored about the person, saved as the JSON file the server
// names (Content-Disposition). Fetched rather than linked, so a failure shows a message instead
// of a downloaded error.
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const EXPORT_FALLBACK_NAME = 'happy-dog-mis-datos.json';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"/\\]+)"/.exec(disposition) : null;
  return match?.[1] ?? EXPORT_FALLBACK_NAME;
}

export async function exportData(): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiCall((api) => api.get('user/export'));
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  };
}

/** Hands a file to the browser's download manager. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
