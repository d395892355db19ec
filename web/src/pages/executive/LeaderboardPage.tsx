import { CompanyLeaderboard } from '../../features/leaderboard/CompanyLeaderboard';

export function LeaderboardPage() {
  return <CompanyLeaderboard />;
}
