/** Bytes as megabytes with one decimal, for size messages. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
