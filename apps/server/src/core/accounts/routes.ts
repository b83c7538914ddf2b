import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsRoutesOptions } from './account-route-kit';
import { customerCheckRoutes } from './customer-check-routes';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile-routes';
import { signInRoutes } from './sign-in-routes';

export type { AccountsRoutesOptions } from './account-route-kit';

/**
 * Sign-up, sign-in with a one-time code, logout, password recovery, the profile, the customer check.
 *
 * One plugin per concern, in this order: signing in and out (sign-in-routes.ts), password
 * recovery (password-routes.ts), the customer check (customer-check-routes.ts) and the profile
 * (profile-routes.ts); what they share is account-route-kit.ts.
 */
export function accountsRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(signInRoutes(options));
    await app.register(passwordRoutes(options));
    await app.register(customerCheckRoutes(options));
    await app.register(profileRoutes(options));
  };
}
