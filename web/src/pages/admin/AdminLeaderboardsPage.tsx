import { AdminLeaderboard } from '../../features/leaderboard/AdminLeaderboard';

export function AdminLeaderboardsPage() {
  return <AdminLeaderboard />;
}
