// The `openai` engine against the replies of the servers it may really talk to: OpenAI, Azure OpenAI,
// Ollama, llama.cpp's server, vLLM, LM Studio. Each shape of tool call they send is scripted on the fake
// model server and driven through the service's own HTTP API (the API channel), on both databases:
// what is unambiguous is read, the rest falls back to the extractive answer. Whatever the server does
// with the tools, the ground rules hold: an answer comes from passages and names one, a decline or a
// handover comes only through a tool, and a handover only on the visitor's own words.
import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { readArguments, readReply, UnusableReply } from '../../src/modules/answers/engines/model-reply.js';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { handoverOpened } from '../../src/modules/conversations/replies.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { openAiEnvFor, startFakeOpenAi, type ChatRequest, type Scripted } from './fake-openai.js';
import { addKnowledge, outbox, path, say, start } from './support.js';

const fake = await startFakeOpenAi();
after(() => fake.close());

const RETURNS = [
  'Returns policy',
  'Items can be returned within 30 days. Refunds reach your card within 5 days.',
] as const;
const QUESTION = 'How do refunds work?';
const EXTRACTIVE = /^According to "Returns policy": /;
const MODEL_TEXT = 'Refunds reach your card within 5 days (Returns policy).';

/** The visitor's complaint, and the model's quote of it. */
const COMPLAINT = 'My package arrived broken and nobody answers my emails, this is unacceptable.';
const QUOTE = 'nobody answers my emails, this is unacceptable';
const COMPLAINT_NOTICE = handoverOpened({ category: 'complaint', urgency: 'high', reason: '' });

const HANDOVER_ARGS = { category: 'complaint', visitor_quote: QUOTE };

/** The request that answered after the tools ran (its last message is a tool result). */
const followUpOf = (requests: ChatRequest[]) =>
  requests.find((request) => request.messages.at(-1)?.role === 'tool');

/** A model that answers the first request with `first` (a message as the server sends it) and, once its tools ran, with MODEL_TEXT. */
const toolsThenText =
  (first: Record<string, unknown>, finishReason: string | null = 'tool_calls') =>
  (request: ChatRequest): Scripted =>
    request.messages.at(-1)?.role === 'tool'
      ? { text: MODEL_TEXT }
      : { message: { role: 'assistant', ...first }, finishReason };

describe('reading a server’s reply', () => {
  it('reads arguments as a JSON string, an object, with whitespace or a code fence, or encoded twice; empty is none', () => {
    const expected = { category: 'complaint', visitor_quote: 'x y z' };
    for (const raw of [
      JSON.stringify(expected),
      expected,
      `  \n${JSON.stringify(expected)}\n  `,
      '```json\n' + JSON.stringify(expected) + '\n```',
      '```\n' + JSON.stringify(expected, null, 2) + '\n```',
      JSON.stringify(JSON.stringify(expected)),
    ]) {
      assert.deepEqual(readArguments(raw), expected, JSON.stringify(raw));
    }
    assert.deepEqual(readArguments(''), {});
    assert.deepEqual(readArguments('  '), {});
    assert.deepEqual(readArguments(undefined), {});
    for (const raw of ['{"category": "complaint"', '[1, 2]', '42', 7, ['a']])
      assert.equal(readArguments(raw), null, JSON.stringify(raw));
  });

  it('reads text parts and leaves a reasoning model’s <think> block out; refuses what it cannot read without guessing', () => {
    const completion = (message: Record<string, unknown>, finish_reason: unknown = 'stop') => ({
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason }],
    });
    assert.deepEqual(
      readReply(
        completion({
          content: [
            { type: 'text', text: 'Hello ' },
            { type: 'text', text: 'there.' },
          ],
        }),
      ),
      {
        text: 'Hello there.',
        calls: [],
      },
    );
    assert.equal(
      readReply(completion({ content: '<think>The visitor wants refunds.</think>\n\nWithin 5 days.' })).text,
      'Within 5 days.',
    );
    assert.equal(readReply(completion({ content: '<think>Still thinking about it' })).text, '');
    for (const [why, reply] of [
      ['no choice', { choices: [] }],
      ['cut off', completion({ content: 'Refunds take' }, 'length')],
      ['filtered', completion({ content: null }, 'content_filter')],
      [
        'a call as text',
        completion({ content: '<tool_call>{"name": "cannot_answer", "arguments": {}}</tool_call>' }),
      ],
      ['JSON as text', completion({ content: '{"name": "cannot_answer", "parameters": {}}' })],
      ['fenced JSON as text', completion({ content: '```json\n{"answer": "5 days"}\n```' })],
      ['Mistral tokens', completion({ content: '[TOOL_CALLS] [{"name": "cannot_answer"}]' })],
      [
        'a call without a name',
        completion({
          content: null,
          tool_calls: [{ id: 'a', type: 'function', function: { arguments: '{}' } }],
        }),
      ],
      ['tool_calls not a list', completion({ content: null, tool_calls: { name: 'cannot_answer' } })],
      ['content of another type', completion({ content: 42 })],
      ['an image part', completion({ content: [{ type: 'image_url', image_url: { url: 'x' } }] })],
    ] as const) {
      assert.throws(() => readReply(reply), UnusableReply, why);
    }
  });
});

describeEachDialect(
  'conversations: the openai engine reads the tool calls of every OpenAI-compatible server',
  (t) => {
    beforeEach(() => fake.reset());

    /**
     * A conversation where the visitor complained earlier and the team has resolved it since: the next
     * answer hands it over again only when the engine read the model's request_human, which quotes that
     * complaint (the visitor's own words, so the service honours it).
     */
    async function resolvedComplaint(s: Seeded): Promise<string> {
      const first = await start(t(), s, COMPLAINT);
      assert.equal(first.conversation.escalated, true);
      const resolved = await t().api('PATCH', path(s, first.conversation.threadId), {
        token: s.token,
        body: { resolved: true },
      });
      assert.equal(resolved.status, 200, resolved.text);
      assert.equal(resolved.body.data.conversation.escalated, false);
      return first.conversation.threadId as string;
    }

    const escalations = async (s: Seeded) =>
      (await outbox(t(), s.accountId, 'conversation.escalated')).length;

    /** The shape is read when the conversation is handed over again and the model's text follows the notice. */
    async function assertHandedOverWithModelText(s: Seeded, threadId: string) {
      const data = await say(t(), s, threadId, QUESTION);
      assert.equal(data.conversation.escalated, true, 'the model’s request_human was read');
      assert.equal(data.conversation.escalation.category, 'complaint');
      assert.equal(await escalations(s), 2);
      assert.equal(data.messages[1].text, `${COMPLAINT_NOTICE}\n\n${MODEL_TEXT}`);
      assert.equal(data.messages[1].rateable, true, 'the notice comes with an answer, which may be rated');
      return data;
    }

    it('OpenAI’s form: tool_calls with JSON-string arguments, content null, finish_reason "tool_calls"; the results go back by id', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: null,
        tool_calls: [
          {
            id: 'call_abc',
            type: 'function',
            function: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) },
          },
        ],
      });
      await assertHandedOverWithModelText(s, threadId);
      const followUp = followUpOf(fake.answers())!;
      assert.equal(followUp.tool_choice, 'none');
      const [turn, result] = followUp.messages.slice(-2) as any[];
      assert.deepEqual(turn.tool_calls, [
        {
          id: 'call_abc',
          type: 'function',
          function: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) },
        },
      ]);
      assert.deepEqual([result.role, result.tool_call_id], ['tool', 'call_abc']);
    });

    it('arguments as an object (some local servers), content "" instead of null', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: '',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'request_human', arguments: HANDOVER_ARGS } },
        ],
      });
      await assertHandedOverWithModelText(s, threadId);
      // Sent back in OpenAI's form: arguments as a JSON string.
      const turn = followUpOf(fake.answers())!.messages.at(-2) as any;
      assert.equal(turn.tool_calls[0].function.arguments, JSON.stringify(HANDOVER_ARGS));
    });

    it('arguments with whitespace and a Markdown code fence around them', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: {
              name: 'request_human',
              arguments: `\n  \`\`\`json\n${JSON.stringify(HANDOVER_ARGS, null, 2)}\n\`\`\`  \n`,
            },
          },
        ],
      });
      await assertHandedOverWithModelText(s, threadId);
    });

    it('the legacy single function_call, without an id: it gets one, and its result goes back under it', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText(
        { content: null, function_call: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) } },
        'function_call',
      );
      await assertHandedOverWithModelText(s, threadId);
      const followUp = followUpOf(fake.answers())!;
      const [turn, result] = followUp.messages.slice(-2) as any[];
      assert.equal(turn.tool_calls.length, 1);
      assert.equal(turn.tool_calls[0].function.name, 'request_human');
      assert.ok(turn.tool_calls[0].id, 'the call was given an id');
      assert.equal(result.tool_call_id, turn.tool_calls[0].id);
    });

    it('tool calls with no id and no type: each gets its own id, and each result goes back under it', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: null,
        tool_calls: [
          { function: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) } },
          { function: { name: 'save_contact_details', arguments: '{}' } },
        ],
      });
      await assertHandedOverWithModelText(s, threadId);
      const followUp = followUpOf(fake.answers())!;
      const messages = followUp.messages as any[];
      const turn = messages.at(-3);
      const ids = turn.tool_calls.map((call: any) => call.id);
      assert.equal(new Set(ids).size, 2, 'two distinct ids');
      assert.deepEqual(
        messages.slice(-2).map((message) => message.tool_call_id),
        ids,
      );
    });

    it('finish_reason "stop" with tool calls present reads the calls all the same', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText(
        {
          content: null,
          tool_calls: [
            {
              id: 'c',
              type: 'function',
              function: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) },
            },
          ],
        },
        'stop',
      );
      await assertHandedOverWithModelText(s, threadId);
    });

    it('several tool calls in one message: a handover and a decline are both read (passages answer, so the extractive answer replies)', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: 'I cannot say.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'cannot_answer', arguments: '{}' } },
          {
            id: 'b',
            type: 'function',
            function: { name: 'request_human', arguments: JSON.stringify(HANDOVER_ARGS) },
          },
        ],
      });
      // A question that stands on its own: the extractive engine reads a short one with the complaint before it.
      const data = await say(t(), s, threadId, 'How many days does a refund take to reach my card?');
      assert.equal(data.conversation.escalated, true);
      assert.equal(await escalations(s), 2);
      const [notice, answer] = data.messages[1].text.split('\n\n');
      assert.equal(notice, COMPLAINT_NOTICE);
      assert.match(answer, EXTRACTIVE);
      assert.equal(followUpOf(fake.answers()), undefined, 'the reply had text: no follow-up');
    });

    it('a handover call quoting words the visitor never wrote is ignored, whatever its shape', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const threadId = await resolvedComplaint(s);
      fake.respond = toolsThenText({
        content: null,
        function_call: {
          name: 'request_human',
          arguments: { category: 'complaint', visitor_quote: 'this service is a scam' },
        },
      });
      const data = await say(t(), s, threadId, QUESTION);
      assert.equal(data.conversation.escalated, false);
      assert.equal(await escalations(s), 1);
      assert.equal(data.messages[1].text, MODEL_TEXT);
    });

    it('a handover the model asks for on the visitor’s earlier request for a person shows the notice alone: nothing to rate, no question of the report', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const first = await start(t(), s, 'I want to talk to a human please');
      assert.equal(first.conversation.escalated, true);
      assert.equal(first.messages[1].rateable, false);
      const resolved = await t().api('PATCH', path(s, first.conversation.threadId), {
        token: s.token,
        body: { resolved: true },
      });
      assert.equal(resolved.status, 200, resolved.text);
      fake.respond = toolsThenText({
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: {
              name: 'request_human',
              arguments: JSON.stringify({ category: 'human_requested', visitor_quote: 'talk to a human' }),
            },
          },
        ],
      });
      const data = await say(
        t(),
        s,
        first.conversation.threadId,
        'How many days does a refund take to reach my card?',
      );
      assert.equal(data.conversation.escalated, true);
      assert.equal(data.conversation.escalation.category, 'human_requested');
      assert.doesNotMatch(data.messages[1].text, /5 days/, 'the notice alone');
      assert.equal(data.messages[1].rateable, false);
      const rated = await t().api('GET', `/chatbots/${s.chatbotId}/questions`, {
        token: s.token,
        query: { answered: 'true' },
      });
      assert.deepEqual(rated.body.data.questions, []);
    });

    it('a server that ignores the tools answers in plain text: its text where passages answer, cited when it names none', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      fake.respond = () => ({
        message: { role: 'assistant', content: 'Your refund reaches your card within 5 days.' },
      });
      const data = await start(t(), s, QUESTION);
      assert.equal(
        data.messages[1].text,
        'Your refund reaches your card within 5 days.\n\nSource: "Returns policy"',
      );
      assert.equal(data.messages[1].rateable, true);
      fake.respond = () => ({ message: { role: 'assistant', content: MODEL_TEXT } });
      assert.equal(
        (await start(t(), s, QUESTION)).messages[1].text,
        MODEL_TEXT,
        'a reply that names its passage is left as it is',
      );
    });

    it('a server that ignores the tools cannot answer where no passage does: "I don’t know" replies and counts toward the unanswered rule', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      fake.respond = () => ({
        message: { role: 'assistant', content: 'The airspeed of a swallow is about 11 metres per second.' },
      });
      const first = await start(t(), s, 'What is the airspeed of a swallow?');
      assert.equal(first.messages[1].text, DONT_KNOW);
      assert.equal(first.messages[1].rateable, false);
      assert.equal(first.conversation.escalated, false);
      const second = await say(t(), s, first.conversation.threadId, 'And the airspeed of a pigeon?');
      assert.equal(second.conversation.escalated, true);
      const [event] = await outbox(t(), s.accountId, 'conversation.escalated');
      assert.equal(event!.data.escalation.category, 'unanswered');
    });

    it('text parts and a reasoning model’s <think> block: the visitor reads the answer only', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      fake.respond = () => ({
        message: {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: '<think>The visitor asks about refunds; the Returns policy says 5 days.</think>\n',
            },
            { type: 'text', text: MODEL_TEXT },
          ],
        },
      });
      assert.equal((await start(t(), s, QUESTION)).messages[1].text, MODEL_TEXT);
    });

    it('falls back to the extractive answer on every reply it cannot read without guessing', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      const unusable: Array<[string, (request: ChatRequest) => Scripted]> = [
        [
          'a tool call written as text (no tool parser)',
          () => ({
            message: {
              role: 'assistant',
              content: '<tool_call>\n{"name": "cannot_answer", "arguments": {}}\n</tool_call>',
            },
          }),
        ],
        [
          'a Llama call written as text',
          () => ({
            message: {
              role: 'assistant',
              content: '<|python_tag|>{"name": "request_human", "parameters": {}}',
            },
          }),
        ],
        [
          'JSON instead of an answer',
          () => ({
            message: {
              role: 'assistant',
              content: '{"name": "request_human", "arguments": {"category": "complaint"}}',
            },
          }),
        ],
        [
          'a reply cut off at its length',
          () => ({ message: { role: 'assistant', content: 'Refunds reach your' }, finishReason: 'length' }),
        ],
        [
          'a filtered reply',
          () => ({ message: { role: 'assistant', content: null }, finishReason: 'content_filter' }),
        ],
        [
          'a tool call without a name',
          () => ({
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'x', type: 'function', function: { arguments: '{}' } }],
            },
          }),
        ],
        ['no text and no call', () => ({ message: { role: 'assistant', content: null } })],
        [
          'a reasoning model that never finished thinking',
          () => ({ message: { role: 'assistant', content: '<think>Refunds… let me see' } }),
        ],
        [
          'a server that ignores tool_choice "none" and calls the tools again instead of writing',
          () => ({
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'x', type: 'function', function: { name: 'save_contact_details', arguments: '{}' } },
              ],
            },
          }),
        ],
      ];
      for (const [why, respond] of unusable) {
        fake.reset();
        fake.respond = respond;
        const data = await start(t(), s, QUESTION);
        assert.match(data.messages[1].text, EXTRACTIVE, why);
        assert.equal(data.conversation.escalated, false, why);
      }
    });

    it('reaches a model server on a loopback address without OUTBOUND_ALLOW_HOSTS, with the key as a bearer token and no api-version', async () => {
      assert.deepEqual(t().deps.config.outboundAllowHosts, []);
      const s = await seed(t());
      fake.respond = () => ({ text: MODEL_TEXT });
      await start(t(), s, QUESTION);
      const [received] = fake.received;
      assert.equal(received!.path, '/v1/chat/completions');
      assert.equal(received!.query.get('api-version'), null);
      assert.equal(received!.headers.authorization, 'Bearer sk-test');
      assert.equal(received!.headers['api-key'], undefined);
    });
  },
  openAiEnvFor(fake),
);

describeEachDialect(
  'conversations: the openai engine on an Azure OpenAI deployment (OPENAI_API_VERSION)',
  (t) => {
    beforeEach(() => fake.reset());

    it('calls the deployment’s URL with ?api-version= and the key in the api-key header, never as a bearer token', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, ...RETURNS);
      fake.respond = () => ({ text: MODEL_TEXT });
      const first = await start(t(), s, QUESTION);
      assert.equal(first.messages[1].text, MODEL_TEXT);
      // The rewrite of a follow-up goes the same way.
      await say(t(), s, first.conversation.threadId, 'And for a gift card?');
      assert.equal(fake.received.length, 3);
      for (const received of fake.received) {
        assert.equal(received.path, '/openai/deployments/support-chat/chat/completions');
        assert.deepEqual([...received.query.entries()], [['api-version', '2024-10-21']]);
        assert.equal(received.headers['api-key'], 'azure-key');
        assert.equal(received.headers.authorization, undefined);
      }
      assert.equal(fake.rewrites().length, 1);
    });
  },
  {
    env: {
      ANSWER_ENGINE: 'openai',
      OPENAI_BASE_URL: `${fake.baseUrl.replace(/\/v1$/, '')}/openai/deployments/support-chat`,
      OPENAI_API_KEY: 'azure-key',
      OPENAI_API_VERSION: '2024-10-21',
      OPENAI_MODEL: 'support-chat',
    },
  },
);
