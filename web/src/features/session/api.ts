import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  VerifyResponse,
} from '@kpi/contracts';
import { api } from '../../lib/api';

export const authApi = {
  // A 401 here means wrong credentials, not an expired session.
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body, { allowUnauthorized: true }),
  verify: () => api.get<VerifyResponse>('/auth/verify', { allowUnauthorized: true }),
  // A wrong current password must not sign the user out; a dead token is caught by revalidation.
  changePassword: (body: ChangePasswordRequest) =>
    api.put<ChangePasswordResponse>('/auth/change-password', body, { allowUnauthorized: true }),
};
