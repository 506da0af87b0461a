// The landing page: the one screen in the first bundle, so `/` paints without another request.
export { HomePage } from './components/home-page';
