import { lazy, Suspense, type ReactNode } from 'react';

const AppLayout = lazy(() => import('./AppLayout').then((module) => ({ default: module.AppLayout })));

/**
 * The signed-in shell (menu, top bar, notices, tour and their dialogs), in a chunk of its own: the sign-in
 * pages never download it, and a signed-in page fetches it alongside its own chunk.
 */
export function LazyAppLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AppLayout>{children}</AppLayout>
    </Suspense>
  );
}
