import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/** /login, /signup and /recover-password: public. */
export const accountsPublicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { title: 'titles.login' },
    lazy: lazyPage(
      () => import('./login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'signup',
    handle: { title: 'titles.signup' },
    lazy: lazyPage(
      () => import('./signup-page'),
      (m) => m.SignupPage,
    ),
  },
  {
    path: 'recover-password',
    handle: { title: 'titles.recoverPassword' },
    lazy: lazyPage(
      () => import('./recover-password-page'),
      (m) => m.RecoverPasswordPage,
    ),
  },
];

/** The profile pages: protected (app/router.tsx puts them under the route guard). */
export const accountsProtectedRoutes: RouteObject[] = [
  {
    path: 'profile/view',
    handle: { title: 'titles.profile' },
    lazy: lazyPage(
      () => import('./profile-view-page'),
      (m) => m.ProfileViewPage,
    ),
  },
  {
    path: 'profile/edit',
    handle: { title: 'titles.profileEdit' },
    lazy: lazyPage(
      () => import('./profile-edit-page'),
      (m) => m.ProfileEditPage,
    ),
  },
  {
    path: 'profile/change-phone',
    handle: { title: 'titles.changePhone' },
    lazy: lazyPage(
      () => import('./profile-change-phone-page'),
      (m) => m.ProfileChangePhonePage,
    ),
  },
  {
    path: 'profile/change-password',
    handle: { title: 'titles.changePassword' },
    lazy: lazyPage(
      () => import('./profile-change-password-page'),
      (m) => m.ProfileChangePasswordPage,
    ),
  },
];
