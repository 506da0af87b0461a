const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Bytes as megabytes with one decimal, for a file's size in a message. */
export function megabytes(bytes: number): string {
  return (bytes / BYTES_PER_MEGABYTE).toFixed(1);
}
