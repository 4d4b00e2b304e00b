// Above every page, signed in or not: the page itself and the toast stack.
import { Outlet } from '@tanstack/react-router';
import { Toasts } from '../features/toasts/Toasts';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}
