import type {
  AuthConfig,
  ChangePasswordRequest,
  ChangePhoneRequest,
  ChangePhoneResponse,
  LoginRequest,
  LoginResponse,
  OtpSendResponse,
  OtpVerifyResponse,
  PasswordForgotResponse,
  PasswordResetRequest,
  ProfileResponse,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
  ProfileUser,
  SignupRequest,
  SignupResponse,
} from '@kaunti/contract/api-accounts';
import { api } from '../../lib/api-client';

/** The accounts API, typed by the shared contract (types only: no zod in this module). */
export const accountsApi = {
  config: () => api<AuthConfig>('/api/auth/config'),
  signup: (body: SignupRequest) => api<SignupResponse>('/api/auth/signup', { method: 'POST', body }),
  login: (body: LoginRequest) => api<LoginResponse>('/api/auth/login', { method: 'POST', body }),
  /** The back office's door: only an active county officer gets on to the code step (403 otherwise). */
  staffLogin: (body: LoginRequest) => api<LoginResponse>('/api/staff/login', { method: 'POST', body }),
  sendOtp: () => api<OtpSendResponse>('/api/auth/otp/send', { method: 'POST' }),
  /** `token`: the login's own (a form post on the server, which has no session of its own). */
  verifyOtp: (otp: string, token?: string) =>
    api<OtpVerifyResponse>('/api/auth/otp/verify', {
      method: 'POST',
      body: { otp },
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    }),
  forgotPassword: (username: string) =>
    api<PasswordForgotResponse>('/api/auth/password/forgot', { method: 'POST', body: { username } }),
  resetPassword: (body: PasswordResetRequest) =>
    api<{ message: string }>('/api/auth/password/reset', { method: 'POST', body }),
  profile: () => api<ProfileResponse>('/api/profile'),
  updateProfile: (body: ProfileUpdateRequest) =>
    api<ProfileUpdateResponse>('/api/profile', { method: 'PUT', body }),
  changePhone: (body: ChangePhoneRequest) =>
    api<ChangePhoneResponse>('/api/profile/change-phone', { method: 'POST', body }),
  changePassword: (body: ChangePasswordRequest) =>
    api<{ message: string; signed_out_sessions: number }>('/api/profile/change-password', {
      method: 'POST',
      body,
    }),
  activatePsv: () =>
    api<{ message: string; data: ProfileUser }>('/api/profile/psv-activation', { method: 'POST' }),
};
