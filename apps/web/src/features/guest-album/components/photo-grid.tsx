import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GuestPhoto } from '../api/album-api';
import { columnsFor } from '../lib/photo-colour';
import { PhotoTile } from './photo-tile';

const GUTTER = 2;

/**
 * The album edge to edge in square tiles with small gutters. Only the rows near the viewport are
 * in the DOM (window virtualisation), so 1,500 photos scroll like 30; the next page is asked for
 * when the last loaded rows come near.
 */
export function PhotoGrid(props: {
  photos: GuestPhoto[];
  hasMore: boolean;
  onLoadMore: () => void;
  onOpen: (id: string) => void;
}) {
  const { photos, hasMore, onLoadMore, onOpen } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width);
  const tile = width > 0 ? (width - GUTTER * (columns - 1)) / columns : 0;
  const rowCount = Math.ceil(photos.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => tile + GUTTER,
    overscan: 4,
    scrollMargin: offset,
  });
  useEffect(() => virtualizer.measure(), [tile, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && rowCount > 0 && lastRow >= rowCount - 6) onLoadMore();
  }, [hasMore, lastRow, rowCount, onLoadMore]);

  return (
    <div
      ref={containerRef}
      data-testid="album-grid"
      className="relative w-full"
      style={{ height: rowCount > 0 ? virtualizer.getTotalSize() - GUTTER : 0 }}
    >
      {tile > 0 &&
        rows.map((row) => (
          <div
            key={row.key}
            role="list"
            className="absolute left-0 grid w-full"
            style={{
              top: row.start - offset,
              height: tile,
              gridTemplateColumns: `repeat(${columns}, 1fr)`,
              columnGap: GUTTER,
            }}
          >
            {photos.slice(row.index * columns, row.index * columns + columns).map((photo) => (
              <div role="listitem" key={photo.id} style={{ height: tile }}>
                <PhotoTile photo={photo} onOpen={onOpen} />
              </div>
            ))}
          </div>
        ))}
    </div>
  );
}
