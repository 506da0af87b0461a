// The site's header and footer, drawn around every page by the root layout.
export { NavBar } from './components/nav-bar';
export { SiteFooter } from './components/site-footer';
