import type { ClaimWallRequest, MessageResponse, WallDisplay } from '@kpi/contracts';
import { api, seg } from '../../lib/api';

/** An admin's calls about their company's wall displays (with the admin's own session). */
export const displaysApi = {
  list: () => api.get<WallDisplay[]>('/walls'),
  claim: (body: ClaimWallRequest) => api.post<WallDisplay>('/walls/claim', body),
  revoke: (id: string) => api.delete<MessageResponse>(`/walls/${seg(id)}`),
};
