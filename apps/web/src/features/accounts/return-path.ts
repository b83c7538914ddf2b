/** Where to go back to after signing in: the protected page the guard turned away (this tab only). */
const KEY = 'kaunti.returnTo';

export function saveReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the user lands on the default page instead.
  }
}

/** The saved path (once: it is forgotten), or undefined. Only same-site paths are returned. */
export function takeReturnPath(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

export function clearReturnPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing saved.
  }
}
