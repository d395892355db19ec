import { AdminLeaderboard } from '../../features/leaderboard/AdminLeaderboard';
import { WallDisplaysCard } from '../../features/wall/WallDisplaysCard';

/** Leaderboards, and the office wall displays that show them live. */
export function AdminLeaderboardsPage() {
  return (
    <>
      <AdminLeaderboard />
      <WallDisplaysCard className="mt-8" />
    </>
  );
}
