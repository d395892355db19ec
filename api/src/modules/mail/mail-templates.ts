import { MAIL_KINDS, PRODUCT_NAME, type MailKind, type Role } from '@kpi/contracts';
import type { MailFacts } from './mail-kinds.rules';

/** Who an email is for and where its links point. */
export interface MailContext {
  name: string;
  role: Role;
  timeZone: string;
  /** The app's public address, without a trailing slash. */
  appUrl: string;
  unsubscribeUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One item of an email: its headline, its lines, and the screen it is about. */
interface Section {
  headline: string;
  lines: string[];
  path: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One formatter per time zone: making one costs far more than formatting with it. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment in the company's time zone, e.g. "Mar 10, 2026, 2:00 PM GMT+1". */
export function inZone(iso: string, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    zoneFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const score = (n: number): string => `${n.toFixed(1)}/10`;

function sectionOf<K extends MailKind>(kind: K, facts: MailFacts[K], ctx: Pick<MailContext, 'role' | 'timeZone'>): Section {
  const f = facts;
  switch (kind) {
    case 'task.assigned': {
      const t = f as MailFacts['task.assigned'];
      return { headline: `New task: ${t.title}`, lines: [`Due ${inZone(t.deadline, ctx.timeZone)} · ${t.priority} priority`, t.description], path: '/executive/tasks' };
    }
    case 'task.scored': {
      const t = f as MailFacts['task.scored'];
      const lines = [`Quality ${score(t.quality)} · Time ${score(t.time)} · Initiative ${score(t.initiative)} · Total ${score(t.total)}`];
      if (t.feedback) lines.push(`Feedback${t.scorer ? ` from ${t.scorer}` : ''}: ${t.feedback}`);
      return { headline: `${t.rescored ? 'Re-scored' : 'Scored'}: ${t.title} — ${score(t.total)}`, lines, path: '/executive/tasks' };
    }
    case 'badge.awarded': {
      const b = f as MailFacts['badge.awarded'];
      return { headline: `Badge earned: ${b.icon} ${b.name}`, lines: [b.reason ?? b.description], path: '/executive/profile' };
    }
    case 'task.due-soon': {
      const t = f as MailFacts['task.due-soon'];
      return { headline: `Due within 24 hours: ${t.title}`, lines: [`Deadline ${inZone(t.deadline, ctx.timeZone)}`], path: '/executive/tasks' };
    }
    case 'task.overdue': {
      const t = f as MailFacts['task.overdue'];
      return { headline: `Overdue: ${t.title}`, lines: [`The deadline was ${inZone(t.deadline, ctx.timeZone)}`], path: '/executive/tasks' };
    }
    case 'task.submitted': {
      const t = f as MailFacts['task.submitted'];
      return { headline: `Submitted for review: ${t.title}`, lines: [`${t.executive ?? 'An executive'} submitted their work.`], path: '/admin/tasks' };
    }
    case 'announcement.high': {
      const a = f as MailFacts['announcement.high'];
      return {
        headline: `${a.priority === 'urgent' ? 'Urgent' : 'High-priority'} announcement: ${a.title}`,
        lines: [a.content, ...(a.author ? [`By ${a.author}`] : [])],
        path: ctx.role === 'admin' ? '/admin/announcements' : '/executive/announcements',
      };
    }
    case 'webhook.paused': {
      const w = f as MailFacts['webhook.paused'];
      return { headline: w.title, lines: [w.body], path: '/admin/integrations' };
    }
  }
  throw new Error(`no template for ${String(kind)}`);
}

function compose(subject: string, intro: string, sections: Section[], ctx: MailContext, footer: string, more = 0): RenderedMail {
  const link = (s: Section) => `${ctx.appUrl}${s.path}`;
  const text = [
    `Hi ${ctx.name},`,
    '',
    intro,
    '',
    ...sections.flatMap((s) => [s.headline, ...s.lines.map((l) => `  ${l}`), `  Open: ${link(s)}`, '']),
    ...(more ? [`…and ${more} more in the app.`, ''] : []),
    '--',
    footer,
    `Unsubscribe: ${ctx.unsubscribeUrl}`,
    `Choose what you receive: ${ctx.appUrl}${ctx.role === 'admin' ? '/admin/security' : '/executive/profile'}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">
<p>Hi ${escapeHtml(ctx.name)},</p><p>${escapeHtml(intro)}</p>
${sections
  .map(
    (s) =>
      `<div style="border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0"><p style="margin:0 0 8px;font-weight:600">${escapeHtml(s.headline)}</p>${s.lines
        .map((l) => `<p style="margin:0 0 6px;white-space:pre-wrap">${escapeHtml(l)}</p>`)
        .join('')}<p style="margin:8px 0 0"><a href="${escapeHtml(link(s))}" style="color:#2563eb">Open in ${PRODUCT_NAME}</a></p></div>`,
  )
  .join('\n')}
${more ? `<p>…and ${more} more in the app.</p>` : ''}
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}<br><a href="${escapeHtml(ctx.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(`${ctx.appUrl}${ctx.role === 'admin' ? '/admin/security' : '/executive/profile'}`)}">Choose what you receive</a></p>
</body></html>`;
  return { subject, text, html };
}

/** What an email says, before it is rendered: rendered on the mail thread (mail.worker.ts) with `renderContent`. */
export type MailContent =
  | { template: 'event'; kind: MailKind; facts: MailFacts[MailKind]; ctx: MailContext }
  | { template: 'digest'; items: { kind: MailKind; facts: MailFacts[MailKind] }[]; total: number; day: string; ctx: MailContext }
  | { template: 'password-link'; message: PasswordLinkContent };

export function renderContent(content: MailContent): RenderedMail {
  switch (content.template) {
    case 'event':
      return renderMail(content.kind, content.facts, content.ctx);
    case 'digest':
      return renderDigest(content.items, content.total, content.day, content.ctx);
    case 'password-link':
      return renderPasswordLink(content.message);
  }
}

/** One event's email. */
export function renderMail<K extends MailKind>(kind: K, facts: MailFacts[K], ctx: MailContext): RenderedMail {
  const section = sectionOf(kind, facts, ctx);
  return compose(section.headline, `${PRODUCT_NAME} has news for you.`, [section], ctx, `You get this email because "${MAIL_KINDS[kind].label}" is on.`);
}

/** The most items a digest lists; the rest are counted. */
export const DIGEST_ITEMS = 50;

/** A day's emails of one person in one: `items` oldest first, `total` how many there were in all. */
export function renderDigest(items: { kind: MailKind; facts: MailFacts[MailKind] }[], total: number, day: string, ctx: MailContext): RenderedMail {
  const sections = items.slice(0, DIGEST_ITEMS).map((i) => sectionOf(i.kind, i.facts, ctx));
  const subject = `Your ${PRODUCT_NAME} digest for ${day}: ${total} update${total === 1 ? '' : 's'}`;
  return compose(subject, `Here is what happened since your last digest.`, sections, ctx, 'You get this email because some notifications are set to "daily digest".', total - sections.length);
}

/** An invitation or a password reset: the link, who it is for and until when it works. No unsubscribe: it was asked for. */
export interface PasswordLinkContent {
  purpose: 'invite' | 'reset';
  name: string;
  companyName: string | null;
  link: string;
  expiresAt: Date;
}

export function renderPasswordLink(message: PasswordLinkContent): RenderedMail {
  const until = inZone(message.expiresAt.toISOString(), 'UTC');
  const invite = message.purpose === 'invite';
  const subject = invite ? `You are invited to ${PRODUCT_NAME}${message.companyName ? ` at ${message.companyName}` : ''}` : `Reset your ${PRODUCT_NAME} password`;
  const intro = invite
    ? `You have an account at ${message.companyName ?? PRODUCT_NAME}. Choose your password to sign in:`
    : 'Someone asked to reset the password of this account. If it was you, choose a new password:';
  const after = invite ? `The link works once, until ${until}.` : `The link works once, until ${until}. If you did not ask, ignore this email: your password stays as it is.`;
  const text = [`Hi ${message.name},`, '', intro, message.link, '', after].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">
<p>Hi ${escapeHtml(message.name)},</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(message.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${invite ? 'Choose my password' : 'Reset my password'}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(after)}<br>${escapeHtml(message.link)}</p>
</body></html>`;
  return { subject, text, html };
}
