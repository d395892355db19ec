import type { DevMail } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { Card, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { mailApi } from '../../features/mail/api';

/**
 * The developer mailbox (superadmin, and only while no SMTP_URL is set): the newest emails the server wrote to
 * data/mail/ instead of sending them, each opened as its HTML in a sandboxed frame.
 */
export function MailboxPage() {
  const [items, setItems] = useState<DevMail[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    mailApi.devMailbox().then(
      (box) => live && setItems(box.items),
      (error: unknown) => {
        if (!live) return;
        setProblem(error instanceof ApiError && error.status === 404 ? 'Email goes out through SMTP_URL: there is no local mailbox.' : 'Could not load the mailbox.');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <PageHeader title="Developer Mailbox" subtitle="Emails written to data/mail/ while no SMTP server is configured (newest 50)." />
      {problem && <EmptyState title={problem} />}
      {!problem && !items && <SectionSpinner />}
      {items && items.length === 0 && <EmptyState title="No emails yet" description="Emails appear here as the app sends them." />}
      {items && items.length > 0 && (
        <Card className="divide-y divide-slate-100">
          {items.map((mail) => (
            <div key={mail.id} className="p-4">
              <button type="button" className="w-full text-left" aria-expanded={open === mail.id} onClick={() => setOpen(open === mail.id ? null : mail.id)}>
                <p className="break-words font-medium text-slate-900">{mail.subject}</p>
                <p className="break-all text-sm text-slate-500">
                  To {mail.to} · {new Date(mail.date).toLocaleString()}
                </p>
              </button>
              {open === mail.id && <iframe title={mail.subject} sandbox="" srcDoc={mail.html} className="mt-3 h-96 w-full rounded-lg border border-slate-200 bg-white" />}
            </div>
          ))}
        </Card>
      )}
    </>
  );
}
