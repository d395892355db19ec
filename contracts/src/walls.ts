import { z } from 'zod';
import { announcementSchema } from './announcements';
import { LIMITS } from './constants';
import { optionalText } from './common/fields';
import { leaderboardEntrySchema, leaderboardPeriodSchema } from './leaderboard';

/**
 * Wall displays (an office TV showing the company's live leaderboard): paired without a login through a
 * short code, then reading one company's board with a display token (docs/wall-display.md).
 */

/** Letters and digits nobody confuses on a TV across a room: no 0/O, 1/I/L. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 6;
/** How long a code shown on a screen can be claimed. */
export const PAIRING_TTL_MS = 10 * 60_000;
/** How often the screen asks whether its code was claimed. */
export const PAIRING_POLL_MS = 2_000;
/** The header carrying a pairing's secret when the screen polls it. */
export const PAIRING_SECRET_HEADER = 'x-pairing-secret';

/** What a person types: case, spaces and dashes do not matter ('abc-234' is 'ABC234'). */
export const normalizePairingCode = (input: string): string => input.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** How a code is shown: 'ABC-234'. */
export const formatPairingCode = (code: string): string =>
  code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 3)}-${code.slice(3)}` : code;

const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** POST /walls/claim: an admin enters the code shown on the screen, and may name the display. */
export const claimWallSchema = z.object({
  code: z
    .string({ error: 'Pairing code is required' })
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .min(1, 'Pairing code is required')
        .regex(codePattern, `Pairing code must be the ${PAIRING_CODE_LENGTH} characters shown on the screen`),
    ),
  name: optionalText('Display name', LIMITS.name).optional(),
});
export type ClaimWallRequest = z.input<typeof claimWallSchema>;

const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date');

/** POST /walls/pairings: a new code for a screen, and the secret only that screen knows. */
export const wallPairingSchema = z.object({
  pairingId: z.string(),
  /** Six characters of PAIRING_CODE_ALPHABET; shown as formatPairingCode(code). */
  code: z.string(),
  /** Sent back in PAIRING_SECRET_HEADER while polling; whoever holds it receives the display token. */
  secret: z.string(),
  expiresAt: isoDate,
});
export type WallPairing = z.infer<typeof wallPairingSchema>;

/** GET /walls/pairings/{id}: waiting, claimed (with the display token), or past its expiry. */
export const pairingStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), expiresAt: isoDate }),
  z.object({
    status: z.literal('paired'),
    displayToken: z.string().min(1),
    display: z.object({ _id: z.string(), name: z.string() }),
    company: z.object({ name: z.string() }),
  }),
  z.object({ status: z.literal('expired') }),
]);
export type PairingStatus = z.infer<typeof pairingStatusSchema>;

/** A paired display, as its company's admins list it. */
export const wallDisplaySchema = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  createdAt: isoDate,
  /** When the screen last read its board or connected; null before it ever did. */
  lastSeenAt: isoDate.nullable(),
});
export type WallDisplay = z.infer<typeof wallDisplaySchema>;

/** GET /walls/me/board: everything a wall shows, for the display token's company only. */
export const wallBoardSchema = z.object({
  company: z.object({ name: z.string() }),
  display: z.object({ _id: z.string(), name: z.string() }),
  /** The current month in the company's time zone. */
  period: leaderboardPeriodSchema,
  /** When that month ends: the screen refetches then, so a new month shows without a score landing. */
  periodEndsAt: isoDate,
  top10: z.array(leaderboardEntrySchema),
  totalExecutives: z.number(),
  /** Pinned, unexpired announcements, newest first. */
  announcements: z.array(announcementSchema),
});
export type WallBoard = z.infer<typeof wallBoardSchema>;
