// The modify screen for the route table, loaded lazily.
export const loadModifyRoute = async () => ({ Component: (await import('./routes')).ModifyRoute });
