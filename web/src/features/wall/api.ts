import { PAIRING_SECRET_HEADER, pairingStatusSchema, wallBoardSchema, wallPairingSchema, type PairingStatus, type WallBoard, type WallPairing } from '@kpi/contracts';
import { api, ApiError, seg } from '../../lib/api';

/**
 * The wall screen's calls. It is no user: no user token is sent, a 401 never touches the user session, and
 * answers are checked against the contracts (an unattended screen treats a surprising answer as a failure to
 * retry, rather than crash).
 */
function parsed<T>(schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } }) {
  return (data: unknown): T => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ApiError(0, 'Unexpected answer from the server', { fromServer: false });
    return result.data;
  };
}

const asScreen = (signal?: AbortSignal, headers?: Record<string, string>) => ({ token: null, allowUnauthorized: true, signal, headers });

export const wallApi = {
  startPairing: (signal?: AbortSignal): Promise<WallPairing> =>
    api.post<unknown>('/walls/pairings', undefined, asScreen(signal)).then(parsed(wallPairingSchema)),
  pairingStatus: (pairing: Pick<WallPairing, 'pairingId' | 'secret'>, signal?: AbortSignal): Promise<PairingStatus> =>
    api
      .get<unknown>(`/walls/pairings/${seg(pairing.pairingId)}`, asScreen(signal, { [PAIRING_SECRET_HEADER]: pairing.secret }))
      .then(parsed(pairingStatusSchema)),
  board: (displayToken: string, signal?: AbortSignal): Promise<WallBoard> =>
    api.get<unknown>('/walls/me/board', { ...asScreen(signal), token: displayToken }).then(parsed(wallBoardSchema)),
};
