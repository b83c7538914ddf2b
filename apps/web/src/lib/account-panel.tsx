import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * A place where a page shows the visitor's account entry points: "sign in / create an account"
 * for a guest, or the signed-in user's own links. Pages know no feature, so the app provides the
 * component that decides (features/accounts' SignedInPanel) through this context.
 */
export const AccountPanelContext = createContext<ComponentType<{ guest: ReactNode }> | null>(null);

export function AccountPanel({ guest }: { guest: ReactNode }) {
  const Panel = useContext(AccountPanelContext);
  return Panel ? <Panel guest={guest} /> : guest;
}
