import type {
  ForgotPasswordRequest,
  SsoStartRequest,
  SsoStartResponse,
  MessageResponse,
  PasswordLink,
  SetPasswordRequest,
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  VerifyResponse,
} from '@kpi/contracts';
import { api } from '../lib/api';

export const authApi = {
  // A 401 here means wrong credentials, not an expired session.
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body, { allowUnauthorized: true }),
  startSso: (body: SsoStartRequest) => api.post<SsoStartResponse>('/auth/sso/start', body, { allowUnauthorized: true }),
  forgotPassword: (body: ForgotPasswordRequest) => api.post<MessageResponse>('/auth/forgot-password', body, { allowUnauthorized: true }),
  inspectLink: (token: string) => api.post<PasswordLink>('/auth/password-links/inspect', { token }, { allowUnauthorized: true }),
  redeemLink: (body: SetPasswordRequest) => api.post<LoginResponse>('/auth/password-links/redeem', body, { allowUnauthorized: true }),
  verify: () => api.get<VerifyResponse>('/auth/verify', { allowUnauthorized: true }),
  // A wrong current password must not sign the user out; a dead token is caught by revalidation.
  changePassword: (body: ChangePasswordRequest) =>
    api.put<ChangePasswordResponse>('/auth/change-password', body, { allowUnauthorized: true }),
};
