/** Hands text to the browser as a downloaded file of this name (no server round trip, no new tab). */
export function saveFile({ text, filename, type }: { text: string; filename: string; type: string }) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
