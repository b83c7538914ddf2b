import { useSyncExternalStore } from 'react';
import { readTokenCookie } from '../../lib/session-token';
import { tokenStatus } from './token';

/** The signed-in user, as much as the shell needs (the profile page asks the server for the rest). */
export interface CurrentUser {
  id: string;
  first_name: string;
  phone_number: string;
}

/**
 * The door a session was opened by: the citizens' sign-in (`/login`) or the county officers'
 * (`/staff/login`). An officer's session shows the back office's menu and signs out to its door.
 */
export type Door = 'citizen' | 'staff';

/** Spec, section 3: auth state: currentUser (with phone_number), isFirstTimeLogin, isOtpSent. */
export interface AuthState {
  /** Which sign-in opened this session (kept across reloads until sign-out). */
  door: Door;
  currentUser: CurrentUser | null;
  /** True after the one-time code was verified (or a verified token was found at start-up). */
  isAuthenticated: boolean;
  isFirstTimeLogin: boolean;
  isOtpSent: boolean;
  /** The phone a login code went to, while the code step is open (kept across a reload). */
  pendingPhone: string | null;
}

const PENDING_KEY = 'kaunti.pendingLogin';
const DOOR_KEY = 'kaunti.door';

function readDoor(): Door {
  try {
    return localStorage.getItem(DOOR_KEY) === 'staff' ? 'staff' : 'citizen';
  } catch {
    return 'citizen';
  }
}

function writeDoor(door: Door): void {
  try {
    if (door === 'staff') localStorage.setItem(DOOR_KEY, door);
    else localStorage.removeItem(DOOR_KEY);
  } catch {
    // Without storage, an officer's menu after a reload is the citizens' (the back office still works).
  }
}

function readPending(): { phone: string; otpSent: boolean; firstTime: boolean } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as { phone: string; otpSent: boolean; firstTime: boolean }) : null;
  } catch {
    return null;
  }
}

function writePending(value: { phone: string; otpSent: boolean; firstTime: boolean } | null): void {
  try {
    if (value) sessionStorage.setItem(PENDING_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Without storage, a reload on the code step goes back to the login form.
  }
}

function initialState(): AuthState {
  const status = typeof document === 'undefined' ? 'missing' : tokenStatus(readTokenCookie());
  const pending = status === 'pending' ? readPending() : null;
  return {
    door: status === 'missing' ? 'citizen' : readDoor(),
    currentUser: null,
    isAuthenticated: status === 'valid',
    isFirstTimeLogin: pending?.firstTime ?? false,
    isOtpSent: pending?.otpSent ?? false,
    pendingPhone: pending?.phone ?? null,
  };
}

let state: AuthState = initialState();
const listeners = new Set<() => void>();

function set(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** Spec, section 4: a login marks the user as not yet authenticated, with OTP sent as returned. */
export function markLoginPending(login: {
  mobile_number: string;
  otp_sent: boolean;
  first_time_login: boolean;
}): void {
  writePending({ phone: login.mobile_number, otpSent: login.otp_sent, firstTime: login.first_time_login });
  set({
    isAuthenticated: false,
    currentUser: null,
    pendingPhone: login.mobile_number,
    isOtpSent: login.otp_sent,
    isFirstTimeLogin: login.first_time_login,
  });
}

export function markOtpSent(sent: boolean): void {
  const pending = readPending();
  if (pending) writePending({ ...pending, otpSent: sent });
  set({ isOtpSent: sent });
}

/** Validity is set only after verification. */
export function markAuthenticated(user: CurrentUser, door: Door = 'citizen'): void {
  writePending(null);
  writeDoor(door);
  set({ isAuthenticated: true, currentUser: user, pendingPhone: null, isOtpSent: false, door });
}

export function setCurrentUser(user: CurrentUser): void {
  set({ currentUser: user });
}

/** Back to signed out (logout, or a token the server no longer accepts). */
export function resetAuth(): void {
  writePending(null);
  writeDoor('citizen');
  set({
    door: 'citizen',
    currentUser: null,
    isAuthenticated: false,
    isFirstTimeLogin: false,
    isOtpSent: false,
    pendingPhone: null,
  });
}

/** Spec: a user is logged in if the token is unexpired or the user is already authenticated. */
export function isLoggedIn(
  current: AuthState = state,
  token: string | undefined = readTokenCookie(),
): boolean {
  return tokenStatus(token) === 'valid' || current.isAuthenticated;
}
