import type { RouteObject } from 'react-router';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement, lazyPage } from '../../lib/lazy-route';
import { keepTyped } from '../../lib/page-render';

/** Sign-up sent before the page's script arrived: shown again with what was typed (no password). */
const SIGNUP_TYPED = ['first_name', 'middle_name', 'sur_name', 'identifier', 'phone_number', 'email'];

/** /login, /signup and /recover-password: public, rendered to HTML on the server (lib/page-render.ts). */
export const accountsPublicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: {
      title: 'titles.login',
      // Its first step (and the code) also work as a plain form post, before the JavaScript arrives.
      serverRender: { post: () => import('./login-post').then((m) => m.loginPost) },
    },
    element: lazyPage(
      () => import('./login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'signup',
    handle: { title: 'titles.signup', serverRender: { post: async () => keepTyped(SIGNUP_TYPED) } },
    element: lazyPage(
      () => import('./signup-page'),
      (m) => m.SignupPage,
    ),
  },
  {
    path: 'recover-password',
    handle: {
      title: 'titles.recoverPassword',
      serverRender: { post: async () => keepTyped(['username']) },
    },
    element: lazyPage(
      () => import('./recover-password-page'),
      (m) => m.RecoverPasswordPage,
    ),
  },
];

/**
 * /staff/login: the county officers' sign-in (the same sign-in, leading to the back office). Not
 * behind the guest route: a signed-in officer is sent on to /staff by the page itself.
 */
export const staffLoginRoute: RouteObject = {
  path: 'staff/login',
  handle: { title: 'titles.staffLogin' },
  element: lazyElement(
    () => loadChunk(() => import('./login-page')),
    (m) => <m.LoginPage forStaff />,
  ),
};

/** The profile pages: protected (app/portal-routes.tsx puts them under the route guard). */
export const accountsProtectedRoutes: RouteObject[] = [
  {
    path: 'profile/view',
    handle: { title: 'titles.profile' },
    element: lazyPage(
      () => import('./profile-view-page'),
      (m) => m.ProfileViewPage,
    ),
  },
  {
    path: 'profile/edit',
    handle: { title: 'titles.profileEdit' },
    element: lazyPage(
      () => import('./profile-edit-page'),
      (m) => m.ProfileEditPage,
    ),
  },
  {
    path: 'profile/change-phone',
    handle: { title: 'titles.changePhone' },
    element: lazyPage(
      () => import('./profile-change-phone-page'),
      (m) => m.ProfileChangePhonePage,
    ),
  },
  {
    path: 'profile/change-password',
    handle: { title: 'titles.changePassword' },
    element: lazyPage(
      () => import('./profile-change-password-page'),
      (m) => m.ProfileChangePasswordPage,
    ),
  },
];
