// How the gallery writes byte counts: the usage line in MB, a model's files in KB below a megabyte.

/** "1.5 MB" of a byte count, for the usage line. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "12.3 KB" below a megabyte, else "1.5 MB". */
export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : formatMegabytes(bytes);
}
