// Email of a new escalation to every active team member of the account, through a durable job, against
// a local SMTP server.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { drainJobs, escalated } from '../conversations/support.js';
import { emailOf } from './support.js';

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

const received: Received[] = [];
/** Recipients refused with a temporary failure (451) until removed from here. */
const deferred = new Set<string>();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (deferred.has(address.address))
      return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const subject = decodeWords(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '');
      const body = rest.join('\n\n');
      const text = /quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        subject,
        text: text.replace(/\r\n/g, '\n'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.server.address() as AddressInfo).port;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** RFC 2047 encoded words (what nodemailer writes for a subject that is not ASCII). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

describeEachDialect(
  'escalation email',
  (t) => {
    it('emails each active team member of the account once, with the reason and a link to the inbox, after the request', async () => {
      received.length = 0;
      const s = await seed(t(), { userName: 'Dana Scully' });
      const fox = await s.colleague('Fox Mulder');
      const walter = await s.colleague('Walter Skinner');
      await t().deps.people.disable(walter.userId);
      const stranger = await seed(t());
      const strangerEmail = await emailOf(t(), stranger.userId);

      const threadId = await escalated(t(), s);
      assert.equal(received.length, 0, 'the request does not wait for email');
      await drainJobs(t());
      await drainJobs(t());

      const expected = [await emailOf(t(), s.userId), await emailOf(t(), fox.userId)].sort();
      assert.deepEqual(
        received.flatMap((mail) => mail.to).sort(),
        expected,
        'one email each, none to the disabled member or another account',
      );
      assert.ok(!received.some((mail) => mail.to.includes(strangerEmail)));
      for (const mail of received) {
        assert.equal(mail.to.length, 1);
        assert.equal(mail.from, 'alerts@example.com');
        assert.match(mail.subject, /^Needs a person: api — .+/);
        assert.ok(
          mail.text.includes(`https://support.example.com/inbox/#/conversations/${threadId}`),
          mail.text,
        );
        assert.match(mail.text, /Category: human_requested; urgency: medium; channel: api\./);
      }
      const dana = received.find((mail) => mail.to[0] === expected.find((e) => e.startsWith('dana')));
      assert.match(dana?.text ?? '', /^Hello Dana Scully,/);

      // Nothing more on a second drain: each email went once.
      await drainJobs(t());
      assert.equal(received.length, 2);
    });

    it('retries a recipient the mail server defers, without emailing the others again', async () => {
      received.length = 0;
      const s = await seed(t());
      const fox = await s.colleague('Fox Mulder');
      const foxEmail = await emailOf(t(), fox.userId);
      deferred.add(foxEmail);
      try {
        await escalated(t(), s);
        await drainJobs(t());
        await drainJobs(t());
        assert.deepEqual(
          received.map((mail) => mail.to[0]),
          [await emailOf(t(), s.userId)],
        );
      } finally {
        deferred.delete(foxEmail);
      }
      t().clock.advance(10 * 60_000);
      await drainJobs(t());
      assert.deepEqual(
        received.map((mail) => mail.to[0]).sort(),
        [await emailOf(t(), s.userId), foxEmail].sort(),
      );
    });

    it('emails a team member mentioned in a note, with the note and a link; nobody else, nothing to a disabled one', async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const fox = await s.colleague('Fox Mulder');
      const walter = await s.colleague('Walter Skinner');
      await t().deps.people.disable(walter.userId);
      const threadId = await escalated(t(), s);
      await drainJobs(t());
      await drainJobs(t());
      received.length = 0;
      const note = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/notes`, {
        token: s.token,
        body: { text: '@fox can you check the refund? @walter too' },
      });
      assert.equal(note.status, 201, note.text);
      await drainJobs(t());
      assert.deepEqual(
        received.map((mail) => mail.to),
        [[await emailOf(t(), fox.userId)]],
      );
      assert.equal(received[0]!.subject, 'Dana Scully mentioned you in a note');
      assert.ok(received[0]!.text.includes('@fox can you check the refund?'), received[0]!.text);
      assert.ok(
        received[0]!.text.includes(`https://support.example.com/inbox/#/conversations/${threadId}`),
        received[0]!.text,
      );
    });
  },
  {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'chatbot-ops <alerts@example.com>',
      PUBLIC_URL: 'https://support.example.com',
    },
  },
);

describeEachDialect('escalation email without SMTP_URL', (t) => {
  it('sends nothing', async () => {
    received.length = 0;
    const s = await seed(t());
    await escalated(t(), s);
    await drainJobs(t());
    await drainJobs(t());
    assert.equal(received.length, 0);
  });
});
