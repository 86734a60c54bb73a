/** Downloads (export, query template) answer a downloadUri, opened in a new window (bills §7). */
export function openDownload(uri: string): void {
  window.open(uri, '_blank');
}
