export { AlbumPage as AlbumRoute } from './components/album-page';
export { SlideshowPage as SlideshowRoute } from './components/slideshow-page';
