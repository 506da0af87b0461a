import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router starts loading the first route's lazy chunk (and its translations) as soon as it is
 * created, so it is created after i18n is initialised. The promise resolves once that route is
 * ready: rendering before would replace index.html's first-paint shell with an empty page.
 */
export function createAppRouter(): { router: AppRouter; queryClient: QueryClient; ready: Promise<void> } {
  // One query client for the screens and the routes' loaders, which fill it before a screen renders.
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createRoutes(queryClient));
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return { router, queryClient, ready };
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastOutlet />
    </QueryClientProvider>
  );
}
