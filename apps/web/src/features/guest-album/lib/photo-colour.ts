/** A soft, stable colour per photo for its placeholder, so tiles never flash white while loading. */
export function placeholderColour(id: string): string {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) >>> 0;
  return `hsl(${hash % 360} 28% 86%)`;
}

/** Columns for a width: 3 on a phone, up to 6 on a wide screen. */
export function columnsFor(width: number): number {
  if (width >= 1200) return 6;
  if (width >= 900) return 5;
  if (width >= 600) return 4;
  return 3;
}
