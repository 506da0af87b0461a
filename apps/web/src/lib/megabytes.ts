const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Bytes as megabytes with one decimal, for a file's size in a message. */
export function megabytes(bytes: number): string {
  return (bytes / BYTES_PER_MEGABYTE).toFixed(1);
}

/** Bytes as a number of megabytes, for texts that format it in the reader's language. */
export function inMegabytes(bytes: number): number {
  return bytes / BYTES_PER_MEGABYTE;
}
