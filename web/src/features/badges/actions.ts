import { badgesApi } from './api';
import { myBadges } from './atoms';

const newestFirst = <T extends { awardedAt: string }>(list: T[]) => [...list].sort((a, b) => b.awardedAt.localeCompare(a.awardedAt));

/** Loads the user's badges, keeping what is shown while it reloads. */
export async function loadMyBadges(userId: string): Promise<void> {
  await myBadges.load(async () => newestFirst(await badgesApi.forUser(userId)), { keep: true });
}
