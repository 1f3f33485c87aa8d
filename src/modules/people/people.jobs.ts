// Background work of the people capability: the emails that tell the team a conversation needs a person
// and that tell a person a colleague mentioned them in a note (when SMTP_URL is set), and the retention rules that remove ended sessions and used or expired invitations.
//
// `notifications.escalation-email` consumes the conversation.escalated event (src/events/subscribers.ts): emit()
// queues it with the event's id in the transaction that records the escalation.
// That job, in one transaction, queues one job per active team member of the account, each sending one
// email and retried on its own: a failing mailbox never makes the others receive the email twice.
import { publicBase, type Config } from '../../config.js';
import type { Core } from '../../core.js';
import type { EventBody } from '../../events/types.js';
import { enqueue } from '../../jobs/queue.js';
import { PermanentJobError, type JobHandler } from '../../jobs/catalog.js';
import type { RetentionRule } from '../../jobs/retention.js';
import { sendMail, type Mail } from './mailer.js';
import type { PeopleService } from './people.service.js';
import { findEvent } from '../../events/events.repository.js';

export interface PeopleJobsDeps extends Pick<Core, 'db' | 'clock' | 'config' | 'logger'> {
  people: PeopleService;
}

/** The conversation.escalated event this job consumes, as the outbox stores it (only its data is read). */
type EscalatedEvent = Pick<EventBody<'conversation.escalated'>, 'data'>;

/** The email one team member receives about one escalation. */
export function escalationMail(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  event: EscalatedEvent,
  to: { name: string; email: string },
): Omit<Mail, 'from'> {
  const { conversation, escalation } = event.data;
  const who = conversation.visitor?.name?.trim() || conversation.channel;
  const link = `${publicBase(config)}/inbox/#/conversations/${encodeURIComponent(conversation.threadId)}`;
  // Header values may not carry line breaks: the reason is visitor-influenced text.
  const subject = `Needs a person: ${who} — ${escalation.reason}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const text = [
    `Hello ${to.name},`,
    '',
    `A conversation needs a person: ${escalation.reason}`,
    `Category: ${escalation.category}; urgency: ${escalation.urgency}; channel: ${conversation.channel}.`,
    '',
    `Open it in the inbox: ${link}`,
  ].join('\n');
  return { to: to.email, subject, text };
}

export function escalationEmailJob(deps: PeopleJobsDeps): JobHandler<'notifications.escalation-email'> {
  return {
    type: 'notifications.escalation-email',
    async run({ eventId, userId }) {
      const smtp = deps.config.smtp;
      if (!smtp) return;
      const row = await findEvent(deps.db, eventId);
      if (!row) return;
      if (userId === undefined) {
        const recipients = await deps.people.activeUsersOfAccount(row.account_id);
        await deps.db.transaction().execute(async (trx) => {
          const now = deps.clock.now();
          for (const user of recipients) {
            await enqueue(
              trx,
              now,
              'notifications.escalation-email',
              { eventId, userId: user.id },
              { dedupeKey: `escalation-email:${eventId}:${user.id}` },
            );
          }
        });
        return;
      }
      const user = (await deps.people.activeUsersOfAccount(row.account_id)).find(
        (candidate) => candidate.id === userId,
      );
      if (!user) return;
      const event = JSON.parse(row.body) as EscalatedEvent;
      await send(smtp, escalationMail(deps.config, event, user));
    },
  };
}

/** Sends one email; a refused recipient fails for good (it would be refused again), anything else is retried. */
async function send(smtp: NonNullable<Config['smtp']>, mail: Omit<Mail, 'from'>): Promise<void> {
  try {
    await sendMail(smtp, { from: smtp.from, ...mail });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500 && code < 600)
      throw new PermanentJobError(`the mail server refused the email: ${(error as Error).message}`);
    throw error;
  }
}

interface Mention {
  threadId: string;
  authorName: string;
  excerpt: string;
}

/** The email that tells a team member a colleague mentioned them in a note. */
export function mentionMail(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  mention: Mention,
  to: { name: string; email: string },
): Omit<Mail, 'from'> {
  const link = `${publicBase(config)}/inbox/#/conversations/${encodeURIComponent(mention.threadId)}`;
  const subject = `${mention.authorName} mentioned you in a note`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const text = [
    `Hello ${to.name},`,
    '',
    `${mention.authorName} wrote:`,
    '',
    mention.excerpt,
    '',
    `Open the conversation in the inbox: ${link}`,
  ].join('\n');
  return { to: to.email, subject, text };
}

export function mentionEmailJob(deps: PeopleJobsDeps): JobHandler<'notifications.mention-email'> {
  return {
    type: 'notifications.mention-email',
    async run({ accountId, userId, ...mention }) {
      const smtp = deps.config.smtp;
      if (!smtp) return;
      // Switched off since: no email.
      const user = (await deps.people.activeUsersOfAccount(accountId)).find(
        (candidate) => candidate.id === userId,
      );
      if (!user) return;
      await send(smtp, mentionMail(deps.config, mention, user));
    },
  };
}

/** Ended sessions (idle or past their absolute end) and used or expired invitations, for the retention sweep. */
export function peopleRetention(deps: PeopleJobsDeps): RetentionRule[] {
  return [
    { name: 'sessions', removeBatch: (now, limit) => deps.people.removeEndedSessions(now, limit) },
    { name: 'invitations', removeBatch: (now, limit) => deps.people.removeEndedInvitations(now, limit) },
  ];
}
