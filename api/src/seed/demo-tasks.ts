import type { EntityManager } from '@mikro-orm/knex';
import { round1, timeScoreFor, totalScoreFor, type Priority, type TaskStatus } from '@kpi/contracts';
import type { ScoreFigures } from '../modules/tasks/score-history.entity';
import { ScoreHistory } from '../modules/tasks/score-history.entity';
import { TaskComment } from '../modules/tasks/task-comment.entity';
import { Task } from '../modules/tasks/task.entity';
import type { User } from '../modules/users/user.entity';
import type { DemoPeople } from './demo-people';
import { rebuildScoreAggregates } from '../modules/stats/score-aggregates.repository';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

interface Template {
  title: string;
  description: string;
  slug: string;
}

/** `{account}` and `{month}` are filled in per task so titles do not repeat verbatim. */
const TEMPLATES: Record<string, Template[]> = {
  Sales: [
    { slug: 'pipeline-review', title: 'Pipeline review for {month}', description: 'Review every open opportunity above 10k, update close dates and next steps, and flag the deals at risk.' },
    { slug: 'account-plan', title: 'Key account plan: {account}', description: 'Map the buying committee at {account}, list the expansion opportunities and agree a 90-day plan with the account owner.' },
    { slug: 'win-loss', title: 'Win/loss analysis for {month}', description: 'Interview three won and three lost prospects and summarise the patterns behind the decisions.' },
    { slug: 'proposal', title: 'Commercial proposal for {account}', description: 'Prepare pricing options and a proposal deck for the {account} renewal, including the volume discount scenarios.' },
  ],
  Operations: [
    { slug: 'capacity', title: 'Capacity report for {month}', description: 'Report utilisation per site, the forecast for next month and where we need temporary staff.' },
    { slug: 'sla-audit', title: 'Supplier SLA audit: {account}', description: 'Check delivery and response times against the SLA for {account} and list every breach with its root cause.' },
    { slug: 'process', title: 'Process improvement proposal: returns handling', description: 'Document the current returns flow, measure the handling time and propose two changes with their expected savings.' },
    { slug: 'incident-review', title: 'Incident review for {month}', description: 'Summarise the operational incidents of the month, their impact on customers and the follow-up actions.' },
  ],
  'Customer Success': [
    { slug: 'health-check', title: 'Onboarding health check: {account}', description: 'Review adoption at {account} after onboarding, score the account health and agree the next milestones.' },
    { slug: 'qbr', title: 'Quarterly business review deck for {account}', description: 'Build the QBR deck for {account}: usage trends, value delivered, open issues and the plan for next quarter.' },
    { slug: 'churn-risk', title: 'Churn risk review for {month}', description: 'List the accounts showing churn signals, the reason for each and the save plan.' },
    { slug: 'nps', title: 'NPS follow-up calls', description: 'Call every detractor from the last survey, log the feedback and route product issues to the right team.' },
  ],
  Finance: [
    { slug: 'variance', title: 'Month-end variance analysis for {month}', description: 'Explain every budget variance above 5% for the month and agree corrective actions with the budget owners.' },
    { slug: 'cash-flow', title: 'Cash-flow forecast update', description: 'Refresh the 13-week cash-flow forecast with the latest receivables and committed spend.' },
    { slug: 'vendor-terms', title: 'Vendor payment terms review: {account}', description: 'Compare payment terms with {account} against the market and propose a renegotiation target.' },
  ],
  Partnerships: [
    { slug: 'partner-proposal', title: 'Partnership proposal for {account}', description: 'Draft the partnership proposal for {account}: scope, pricing model, referral terms and the pilot plan.' },
    { slug: 'scorecard', title: 'Partner performance scorecard for {month}', description: 'Score each active partner on referrals, conversion and satisfaction, and recommend where to invest.' },
    { slug: 'contract-renewal', title: 'Contract renewal brief: {account}', description: 'Summarise the relationship with {account}, the renewal risks and our negotiation position.' },
  ],
  Marketing: [
    { slug: 'campaign', title: 'Campaign performance report for {month}', description: 'Report reach, leads, cost per lead and pipeline influenced per channel, with recommendations for next month.' },
    { slug: 'webinar', title: 'Webinar plan with {account}', description: 'Plan a joint webinar with {account}: topic, speakers, promotion calendar and lead follow-up.' },
    { slug: 'content-calendar', title: 'Content calendar for {month}', description: 'Publish the content calendar for the month with owners, channels and the target persona for each piece.' },
  ],
  Product: [
    { slug: 'feedback', title: 'Customer feedback synthesis for {month}', description: 'Group the month\'s customer feedback into themes, size each theme and propose the top three items for the roadmap.' },
    { slug: 'adoption', title: 'Feature adoption report', description: 'Measure the adoption of the last two releases across customer segments and explain the gaps.' },
    { slug: 'discovery', title: 'Discovery interviews with {account}', description: 'Run discovery interviews with {account} users and write up the jobs to be done and pain points.' },
  ],
};
const GENERAL: Template[] = [
  { slug: 'kpi-review', title: 'KPI review for {month}', description: 'Review the team KPIs for the month, explain the misses and set the targets for next month.' },
  { slug: 'competitor', title: 'Competitor briefing', description: 'Summarise the latest moves of our three main competitors and what they mean for our customers.' },
];

const ACCOUNTS = [
  'Harbor & Finch', 'Meridian Retail', 'Atlas Insurance', 'Greenfield Foods', 'Polar Systems', 'Summit Bank', 'Crescent Health',
  'Ironbridge Manufacturing', 'Lumen Energy', 'Oakridge Schools', 'Vertex Telecom', 'Bluewater Hotels',
];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const SUBMISSIONS = [
  'Report uploaded to the link above. Key findings are in the summary tab; the two open risks are flagged in red.',
  'Done. I reviewed all items with the owners and updated the figures; the appendix has the raw data.',
  'Completed and shared with the team. The main takeaway: we need a decision on the budget line by next week.',
  'Finished the analysis. Numbers are reconciled with finance; see the notes for the assumptions I made.',
  'All done, including the follow-up actions. I added a one-page summary for the leadership meeting.',
];
const FEEDBACK: Record<'high' | 'good' | 'fair' | 'low', string[]> = {
  high: ['Excellent work: clear, complete and ahead of what was asked.', 'Outstanding analysis, ready to share with leadership as is.', 'Great initiative in going beyond the brief.'],
  good: ['Solid work, well structured. A bit more detail on the risks would help.', 'Good report; the recommendations are practical.', 'Well done, thorough and easy to follow.'],
  fair: ['Acceptable, but the conclusions need more evidence.', 'Covers the basics; please dig deeper into the root causes next time.', 'OK overall; some figures were missing and had to be chased.'],
  low: ['Incomplete: several sections are missing. Let us go through it together.', 'The numbers do not reconcile; please double-check the sources.', 'Below expectations this time; the brief was not fully addressed.'],
};
const ADMIN_COMMENTS = [
  'Thanks, please present this at Monday\'s team meeting.',
  'Good catch on the risks, let us follow up next week.',
  'Please add the trend for the last quarter next time.',
  'Shared with leadership, they liked the summary.',
];
const EXECUTIVE_COMMENTS = ['Started on this, waiting for the data export.', 'Quick question: should this include the pilot accounts?', 'Draft is ready, finishing the summary.'];

type CurrentState = 'pending' | 'in-progress' | 'overdue' | 'submitted';
const CURRENT_STATES: CurrentState[] = ['submitted', 'in-progress', 'overdue', 'pending'];
/** Days before now the task was created, and days from now to its deadline (negative: past). */
const CURRENT_TIMING: Record<CurrentState, (between: (min: number, max: number) => number) => { createdAt: number; deadline: number }> = {
  pending: (between) => ({ createdAt: between(0.5, 3), deadline: between(5, 12) }),
  'in-progress': (between) => ({ createdAt: between(2, 5), deadline: between(2, 8) }),
  overdue: (between) => ({ createdAt: between(12, 20), deadline: -between(2, 6) }),
  submitted: (between) => ({ createdAt: between(6, 9), deadline: between(-1, 2) }),
};

/** A small deterministic generator, so every fresh demo looks the same. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const clampScore = (v: number) => Math.min(10, Math.max(0, round1(v)));
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');

/**
 * Tasks for every executive across the last 12 months in every state: pending, in progress, overdue,
 * submitted awaiting review and completed with varied scores (each executive has their own quality,
 * initiative and punctuality, so leaderboards differ). Built in memory and written in one flush; no events.
 */
export async function seedTasks(em: EntityManager, people: DemoPeople, now = new Date()): Promise<void> {
  const random = prng(20261126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (min: number, max: number) => min + random() * (max - min);
  const noise = () => (random() + random() + random() - 1.5) * 1.6;

  for (const { company, admin, executives } of people.companies) {
    const companySlug = slugOf(company.name);
    const n = executives.length;
    // Where each executive sits between weakest (0) and strongest (1): a shuffled even spread, so the
    // company always has clear leaders and a tail, plus a little noise.
    const rank = (ei: number, step: number) => (n > 1 ? ((ei * step + 1) % n) / (n - 1) : 0.5);
    executives.forEach((exec, ei) => {
      const profile = {
        quality: 3 + 6.2 * rank(ei, 7) + between(-0.3, 0.3),
        initiative: 3.2 + 5.8 * rank(ei, 5) + between(-0.3, 0.3),
        punctuality: 0.45 + 0.52 * rank(ei, 7) + between(-0.05, 0.02),
        // Executive order spreads the workload a little: some carry more tasks than others.
        extra: ei % 3 === 0 ? 0.7 : 0.45,
      };
      const templates = [...(TEMPLATES[exec.department] ?? []), ...GENERAL];
      for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo--) {
        const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1);
        const count = 1 + (random() < profile.extra ? 1 : 0) + (monthsAgo === 0 ? 1 : 0);
        for (let k = 0; k < count; k++) {
          // Spread over the month, never in the future, never before the executive joined.
          const planned = Math.min(monthStart + between(0, 27) * DAY, now.getTime() - between(0.5, 6) * DAY);
          const createdAt = new Date(Math.max(exec.createdAt.getTime() + HOUR, planned));
          const deadline = new Date(createdAt.getTime() + Math.round(between(3, 14)) * DAY);
          buildTask(exec, admin, createdAt, deadline, templates, companySlug, profile);
        }
      }
      // One current task per executive in a state picked by turn, so every company shows every state.
      const state = CURRENT_STATES[ei % CURRENT_STATES.length];
      const { createdAt, deadline } = CURRENT_TIMING[state](between);
      buildTask(exec, admin, new Date(now.getTime() - createdAt * DAY), new Date(now.getTime() + deadline * DAY), templates, companySlug, profile, state);
    });
  }
  await em.flush();
  // Written directly, not scored through the service: count them into the score aggregates.
  for (const { company } of people.companies) {
    await rebuildScoreAggregates((sql, params) => em.execute(sql, params ?? []), (d) => em.getPlatform().processDateProperty(d), company);
  }

  function buildTask(
    exec: User,
    admin: User,
    createdAt: Date,
    deadline: Date,
    templates: Template[],
    companySlug: string,
    profile: { quality: number; initiative: number; punctuality: number },
    forced?: CurrentState,
  ): void {
    const template = pick(templates);
    const account = pick(ACCOUNTS);
    const month = MONTHS[createdAt.getUTCMonth()];
    const fill = (text: string) => text.replace('{account}', account).replace('{month}', month);
    const period = `${createdAt.getUTCFullYear()}-${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
    const r = random();
    const priority: Priority = r < 0.2 ? 'low' : r < 0.65 ? 'medium' : r < 0.9 ? 'high' : 'urgent';

    // What happened to it, by how long ago the deadline was.
    const sinceDeadline = now.getTime() - deadline.getTime();
    const roll = random();
    let outcome: 'open' | 'submitted' | 'completed';
    if (forced) outcome = forced === 'submitted' ? 'submitted' : 'open';
    else if (sinceDeadline < 0) outcome = roll < 0.15 ? 'submitted' : 'open';
    else if (sinceDeadline < 10 * DAY) outcome = roll < 0.45 ? 'completed' : roll < 0.75 ? 'submitted' : 'open';
    else outcome = roll < 0.95 ? 'completed' : 'open';

    const task = em.create(Task, {
      company: exec.company!,
      assignedTo: exec,
      title: fill(template.title),
      description: fill(template.description),
      deadline,
      priority,
      reportLink: `https://reports.example.com/${companySlug}/${period}/${template.slug}-${Math.floor(random() * 9000 + 1000)}`,
      status: 'pending',
      createdAt,
      updatedAt: createdAt,
    });

    if (outcome === 'open') {
      task.status = forced === 'pending' || forced === 'in-progress' ? forced : ((random() < 0.45 ? 'in-progress' : 'pending') satisfies TaskStatus);
      if (random() < 0.15) comment(task, exec, 'executive', pick(EXECUTIVE_COMMENTS), new Date(Math.min(now.getTime() - HOUR, createdAt.getTime() + DAY)));
      return;
    }

    const onTime = random() < profile.punctuality;
    const latest = now.getTime() - 2 * HOUR;
    const submittedAt = new Date(
      Math.min(latest, onTime ? Math.max(createdAt.getTime() + 2 * HOUR, deadline.getTime() - between(0.1, 3) * DAY) : deadline.getTime() + between(0.2, 4) * DAY),
    );
    if (submittedAt.getTime() <= createdAt.getTime()) submittedAt.setTime(createdAt.getTime() + HOUR);
    task.submissionContent = pick(SUBMISSIONS);
    task.submittedAt = submittedAt;
    task.status = 'submitted';
    task.updatedAt = submittedAt;
    if (outcome === 'submitted') return;

    const scoredAt = new Date(Math.min(now.getTime() - HOUR, submittedAt.getTime() + between(0.2, 3) * DAY));
    const figures = (quality: number, initiative: number): ScoreFigures => {
      const timeScore = timeScoreFor(submittedAt, deadline);
      const totalScore = totalScoreFor(quality, timeScore, initiative);
      const band = totalScore >= 8.5 ? 'high' : totalScore >= 7 ? 'good' : totalScore >= 5.5 ? 'fair' : 'low';
      return { qualityScore: quality, timeScore, initiativeScore: initiative, totalScore, feedback: pick(FEEDBACK[band]) };
    };
    const next = figures(clampScore(profile.quality + noise()), clampScore(profile.initiative + noise()));
    Object.assign(task, next, { status: 'completed', scoredAt, scoredBy: admin, updatedAt: scoredAt });

    // A few were scored once, discussed, and scored again: the history shows both.
    const rescored = random() < 0.06;
    const first = rescored ? figures(clampScore(next.qualityScore - between(0.5, 2)), next.initiativeScore) : null;
    const history = (reason: 'scored' | 'rescored', previous: ScoreFigures | null, figs: ScoreFigures, at: Date) =>
      em.create(ScoreHistory, { companyId: exec.company!.id, taskId: task.id, scoredById: admin.id, scoredByName: admin.name, reason, previous, next: figs, at });
    if (first) {
      history('scored', null, first, new Date(scoredAt.getTime() - Math.min(scoredAt.getTime() - submittedAt.getTime(), 6 * HOUR) / 2));
      history('rescored', first, next, scoredAt);
    } else {
      history('scored', null, next, scoredAt);
    }
    if (random() < 0.2) comment(task, admin, 'admin', pick(ADMIN_COMMENTS), scoredAt);
    if (random() < 0.06) comment(task, exec, 'executive', pick(EXECUTIVE_COMMENTS), new Date(createdAt.getTime() + (submittedAt.getTime() - createdAt.getTime()) / 2));
  }

  function comment(task: Task, author: User, role: 'admin' | 'executive', text: string, createdAt: Date): void {
    em.create(TaskComment, { task, author, authorName: author.name, role, text, createdAt });
  }
}
