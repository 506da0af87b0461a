// The dashboard's public entry: its page for the route table (loaded lazily), and the album status
// badge the album detail shows too.
export { StatusBadge } from './components/album-card';

export const loadDashboardRoute = async () => ({ Component: (await import('./routes')).DashboardRoute });
