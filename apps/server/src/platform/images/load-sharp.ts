import type SharpModule from 'sharp';

export type SharpFactory = typeof SharpModule;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp with libvips, loaded at the first image a server handles: loaded, they hold about 28 MB
 * whether or not a photo ever arrives, and most of a server's life is spent waiting for a party.
 * The first photo waits for the load once (tens of milliseconds).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different file, so libvips' operation cache only holds memory; off.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
