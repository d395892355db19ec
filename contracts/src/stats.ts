import type { PerformanceLevel } from './constants';

export interface ExecutiveStats {
  averageScore: number;
  currentRank: number | null;
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  badges: number;
  performanceLevel: PerformanceLevel;
  monthlyScores: { month: string; score: number }[];
  scoreBreakdown: { qualityAverage: number; timeAverage: number; initiativeAverage: number };
}
export interface LevelCount {
  level: PerformanceLevel;
  count: number;
}
export interface CompanyStats {
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  averageScore: number;
  monthlyPerformance: { month: string; averageScore: number; tasksCompleted: number }[];
  departmentStats: { department: string; executiveCount: number; averageScore: number }[];
  performanceDistribution: LevelCount[];
}
export interface OverallStats {
  totalCompanies: number;
  totalAdmins: number;
  totalExecutives: number;
  totalTasks: number;
  completedTasks: number;
  averageScore: number;
  companyPerformance: { company: string; executiveCount: number; averageScore: number; tasksCompleted: number }[];
  monthlyTrends: { month: string; averageScore: number }[];
  performanceDistribution: LevelCount[];
  topPerformingCompanies: { company: string; score: number }[];
}
