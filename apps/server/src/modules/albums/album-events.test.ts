import { describe, expect, it } from 'vitest';
import { createAlbumEvents, type AlbumEvent } from './album-events.js';

const photo = (photoId: string): AlbumEvent => ({ type: 'photo', photoId });

describe('the album event hub', () => {
  it('delivers an event only to the subscribers of that album, until they leave', () => {
    const hub = createAlbumEvents();
    const heardA: string[] = [];
    const heardB: string[] = [];
    const leaveA = hub.subscribe(
      'album-a',
      (event) => heardA.push(event.photoId),
      () => undefined,
    );
    hub.subscribe(
      'album-b',
      (event) => heardB.push(event.photoId),
      () => undefined,
    );
    hub.publish('album-a', photo('p1'));
    leaveA();
    hub.publish('album-a', photo('p2'));
    expect(heardA).toEqual(['p1']);
    expect(heardB).toEqual([]);
    expect(hub.subscriberCount('album-a')).toBe(0);
    expect(hub.subscriberCount()).toBe(1);
  });

  it('never lets a broken subscriber fail the publisher or starve the others', () => {
    const hub = createAlbumEvents();
    const heard: string[] = [];
    hub.subscribe(
      'album',
      () => {
        throw new Error('socket gone');
      },
      () => undefined,
    );
    hub.subscribe(
      'album',
      (event) => heard.push(event.photoId),
      () => undefined,
    );
    expect(() => hub.publish('album', photo('p1'))).not.toThrow();
    hub.publish('album', photo('p2'));
    expect(heard).toEqual(['p1', 'p2']);
    expect(hub.subscriberCount('album')).toBe(1);
  });

  it('asks every open stream to end on shutdown', () => {
    const hub = createAlbumEvents();
    let ended = 0;
    for (const album of ['a', 'b', 'b']) {
      const leave = hub.subscribe(
        album,
        () => undefined,
        () => {
          ended += 1;
          leave();
        },
      );
    }
    hub.closeAll();
    expect(ended).toBe(3);
    expect(hub.subscriberCount()).toBe(0);
  });
});
