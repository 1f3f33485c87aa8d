// File uploads: every accepted type read to `ready` (scanned PDFs and images through OCR), content checked
// against the name, the size limits at the boundary and one past it, zip bombs, and the stored upload.
import assert from 'node:assert/strict';
import { existsSync, readdirSync as readdirIfAny, rmSync, watch, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import {
  BOUNDARY,
  MiB,
  closeRuntime,
  fixture,
  generatedFileOverhead,
  generatedUpload,
  getSource,
  multipartBody,
  multipartHeaders,
  runJobs,
  syncedEvents,
  upload,
  type FormPart,
} from './support.js';

const ACCEPTED: { file: string; contentType: string; expect: RegExp[] }[] = [
  {
    file: 'sample.pdf',
    contentType: 'application/pdf',
    expect: [/Opening hours are nine to five/, /Refunds are accepted within thirty days/],
  },
  { file: 'scanned.pdf', contentType: 'application/pdf', expect: [/Opening hours/i, /Deliveries arrive/i] },
  {
    file: 'sample.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    expect: [/Parcels are shipped within two working days/, /eight euros/],
  },
  {
    file: 'sample.csv',
    contentType: 'text/csv',
    expect: [/name: Grace, Rear Admiral; city: Arlington; phone: 555-0100/],
  },
  { file: 'sample.txt', contentType: 'text/plain', expect: [/Our support line is open on weekdays/] },
  { file: 'sample.md', contentType: 'text/markdown', expect: [/# Returns/, /thirty days/] },
  { file: 'sample.png', contentType: 'image/png', expect: [/Opening hours/i] },
  { file: 'sample.jpg', contentType: 'image/jpeg', expect: [/Opening hours/i] },
  { file: 'sample.webp', contentType: 'image/webp', expect: [/Opening hours/i] },
  { file: 'sample.gif', contentType: 'image/gif', expect: [/Opening hours/i] },
  { file: 'sample.bmp', contentType: 'image/bmp', expect: [/Opening hours/i] },
];

const readdirSync = (dir: string): string[] => (existsSync(dir) ? readdirIfAny(dir) : []);

describeEachDialect('knowledge file uploads', (t) => {
  after(() => closeRuntime(t()));
  const filesPath = (chatbotId: string) => `/chatbots/${chatbotId}/knowledge/files`;
  const uploadsDir = () => join(t().deps.config.dataDir, 'uploads');

  it('reads every accepted type to ready: PDF (text and scanned), DOCX, CSV, TXT, MD and the five image formats', async () => {
    const s = await seed(t());
    const ids = new Map<string, string>();
    const nativeGlobals = [JSON.stringify, JSON.parse, Array.prototype.push, globalThis.AbortSignal];
    for (const { file, contentType } of ACCEPTED) {
      const res = await upload(t(), s.token, s.chatbotId, [
        { name: 'file', filename: file, contentType, value: fixture(file) },
      ]);
      assert.equal(res.status, 201, `${file}: ${res.text}`);
      assert.equal(res.body.data.source.type, 'file');
      assert.equal(res.body.data.source.status, 'pending');
      assert.equal(res.body.data.source.title, file, 'the title defaults to the file name');
      assert.equal(res.body.data.source.url, null);
      ids.set(file, res.body.data.source.id);
    }
    await runJobs(t());
    assert.deepEqual(
      [JSON.stringify, JSON.parse, Array.prototype.push, globalThis.AbortSignal],
      nativeGlobals,
      'pdf.js (which replaces globals) ran in a worker thread, not in the process serving the API',
    );
    for (const { file, expect } of ACCEPTED) {
      const source = await getSource(t(), s.token, s.chatbotId, ids.get(file)!, true);
      assert.equal(source.status, 'ready', `${file}: ${source.error}`);
      for (const pattern of expect) assert.match(source.text, pattern, file);
      const events = await syncedEvents(t(), source.id);
      assert.equal(events.length, 1, file);
      assert.equal(events[0]!.data.source.status, 'ready');
    }
  });

  it('takes the title field, and refuses unknown fields, a missing file, two files and a title over 255 characters', async () => {
    const s = await seed(t());
    const txt = { name: 'file', filename: 'notes.txt', contentType: 'text/plain', value: 'Plain notes.' };
    const titled = await upload(t(), s.token, s.chatbotId, [{ name: 'title', value: 'My notes' }, txt]);
    assert.equal(titled.status, 201);
    assert.equal(titled.body.data.source.title, 'My notes');
    const titledAfter = await upload(t(), s.token, s.chatbotId, [
      txt,
      { name: 'title', value: 't'.repeat(255) },
    ]);
    assert.equal(titledAfter.status, 201, 'a title after the file part is read too');
    const cases: [Parameters<typeof upload>[3], string][] = [
      [[{ name: 'title', value: 'No file' }], 'body.file'],
      [[txt, { name: 'title', value: 't'.repeat(256) }], 'body.title'],
      [[txt, { name: 'color', value: 'blue' }], 'body.color'],
      [[{ ...txt, name: 'document' }], 'body.document'],
      [[txt, txt], 'body.file'],
      [[{ ...txt, filename: 'notes' }], 'body.file'],
      [[{ ...txt, filename: 'notes.exe' }], 'body.file'],
      [[{ ...txt, value: '' }], 'body.file'],
    ];
    for (const [parts, field] of cases) {
      const res = await upload(t(), s.token, s.chatbotId, parts);
      assert.equal(res.status, 400, `${field}: ${res.text}`);
      assert.equal(res.body.error.code, 'validation_error');
      assert.deepEqual(
        res.body.error.details.map((d: { field: string }) => d.field),
        [field],
      );
    }
    const leftovers = readdirSync(uploadsDir()).filter((name) => name.endsWith('.part'));
    assert.deepEqual(leftovers, [], 'refused uploads leave no file behind');
  });

  it('checks the content, not only the name: a PNG named .pdf is 400 and no source is created', async () => {
    const s = await seed(t());
    const before = readdirSync(uploadsDir()).length;
    const res = await upload(t(), s.token, s.chatbotId, [
      {
        name: 'file',
        filename: 'image-as.pdf',
        contentType: 'application/pdf',
        value: fixture('image-as.pdf'),
      },
    ]);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'validation_error');
    assert.match(res.body.error.details[0].message, /PNG/);
    const renamedText = await upload(t(), s.token, s.chatbotId, [
      { name: 'file', filename: 'notes.docx', value: 'plain text, not a Word document' },
    ]);
    assert.equal(renamedText.status, 400);
    const binaryAsText = await upload(t(), s.token, s.chatbotId, [
      { name: 'file', filename: 'data.csv', value: Buffer.from([0x61, 0x00, 0x62]) },
    ]);
    assert.equal(binaryAsText.status, 400);
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.equal(list.body.data.sources.length, 0);
    assert.equal(readdirSync(uploadsDir()).length, before, 'the refused upload was removed');
  });

  it('fails a ZIP bomb named .docx with a readable error, and keeps serving', async () => {
    const s = await seed(t());
    const res = await upload(t(), s.token, s.chatbotId, [
      { name: 'file', filename: 'bomb.docx', value: fixture('bomb.docx') },
    ]);
    assert.equal(
      res.status,
      201,
      'it is a ZIP holding word/document.xml: accepted, then refused while reading',
    );
    const rss = process.memoryUsage().rss;
    await runJobs(t());
    const source = await getSource(t(), s.token, s.chatbotId, res.body.data.source.id);
    assert.equal(source.status, 'failed');
    assert.match(source.error, /zip bomb|expands/i);
    assert.ok(process.memoryUsage().rss - rss < 150 * MiB, 'the archive was never inflated into memory');
    const events = await syncedEvents(t(), source.id);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.source.status, 'failed');
    assert.equal(events[0]!.data.source.error, source.error);
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token })).status,
      200,
    );
  });

  it('deletes the stored upload with the source', async () => {
    const s = await seed(t());
    const res = await upload(t(), s.token, s.chatbotId, [
      { name: 'file', filename: 'notes.md', value: '# Notes\n\nKept until deleted.' },
    ]);
    const id = res.body.data.source.id;
    const stored = readdirSync(uploadsDir()).filter((name) => name.startsWith(id));
    assert.deepEqual(stored, [`${id}.md`]);
    await runJobs(t());
    assert.ok(existsSync(join(uploadsDir(), `${id}.md`)), 'kept after processing');
    assert.equal(
      (await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${id}`, { token: s.token })).status,
      200,
    );
    assert.equal(existsSync(join(uploadsDir(), `${id}.md`)), false);
  });

  it('answers 415 to anything but multipart/form-data, and 403 subscription_inactive before reading the body', async () => {
    const s = await seed(t());
    const json = await t().api('POST', filesPath(s.chatbotId), { token: s.token, body: { file: 'x' } });
    assert.equal(json.status, 415);
    assert.equal(json.body.error.code, 'unsupported_media_type');
    const raw = await t().api('POST', filesPath(s.chatbotId), {
      token: s.token,
      body: 'bytes',
      headers: { 'content-type': 'application/pdf' },
    });
    assert.equal(raw.status, 415);
    const malformed = await t().api('POST', filesPath(s.chatbotId), {
      token: s.token,
      body: 'not multipart at all',
      headers: multipartHeaders(),
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, 'validation_error');

    const inactive = await seed(t(), { subscription: 'inactive' });
    const refused = await upload(t(), inactive.token, inactive.chatbotId, [
      { name: 'file', filename: 'a.txt', value: 'text' },
    ]);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'subscription_inactive');
    const reader = await s.tokenWith(['knowledge:read']);
    assert.equal(
      (await upload(t(), reader, s.chatbotId, [{ name: 'file', filename: 'a.txt', value: 'text' }])).status,
      403,
    );
    assert.equal(
      (
        await upload(t(), s.token, '01900000-0000-7000-8000-000000000000', [
          { name: 'file', filename: 'a.txt', value: 'text' },
        ])
      ).status,
      404,
    );
  });

  it('accepts a file part of exactly 50 MiB and refuses 50 MiB + 1 byte with 400, streamed to disk', async () => {
    const s = await seed(t());
    const send = (bytes: number) =>
      t().app.inject({
        method: 'POST',
        url: `/api/v1${filesPath(s.chatbotId)}`,
        headers: {
          authorization: `Bearer ${s.token}`,
          ...multipartHeaders(bytes + generatedFileOverhead('big.txt')),
        },
        payload: generatedUpload(bytes),
      });
    const atLimit = await send(50 * MiB);
    assert.equal(atLimit.statusCode, 201, atLimit.body);
    const id = JSON.parse(atLimit.body).data.source.id;
    assert.equal(
      (await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${id}`, { token: s.token })).status,
      200,
    );
    const over = await send(50 * MiB + 1);
    assert.equal(over.statusCode, 400);
    const body = JSON.parse(over.body);
    assert.equal(body.error.code, 'validation_error');
    assert.equal(body.error.details[0].field, 'body.file');
    assert.deepEqual(
      readdirSync(uploadsDir()).filter((name) => name.endsWith('.part')),
      [],
    );
  });

  it('answers 413 to a Content-Length over 51 MiB before reading, and cuts off a stream that passes 51 MiB', async () => {
    const s = await seed(t());
    // Over a real socket, so that "before reading" is observable: the answer arrives while the client
    // has sent only the first 64 KiB of the 51 MiB + 1 it announced.
    const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${address}/api/v1${filesPath(s.chatbotId)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, ...multipartHeaders(51 * MiB + 1) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.write(Buffer.alloc(64 * 1024, 'a'));
    });
    assert.equal(status, 413);
    assert.equal(JSON.parse(body).error.code, 'payload_too_large');

    // No Content-Length (chunked): the count of bytes received decides.
    const streamed = await t().app.inject({
      method: 'POST',
      url: `/api/v1${filesPath(s.chatbotId)}`,
      headers: { authorization: `Bearer ${s.token}`, ...multipartHeaders(), 'transfer-encoding': 'chunked' },
      payload: generatedUpload(52 * MiB),
    });
    assert.equal(streamed.statusCode, 413);
    assert.equal(JSON.parse(streamed.body).error.code, 'payload_too_large');
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.equal(list.body.data.sources.length, 0);
    assert.deepEqual(
      readdirSync(uploadsDir()).filter((name) => name.endsWith('.part')),
      [],
    );
  });

  it('accepts a whole request of exactly 51 MiB as far as size goes (then the file part decides)', async () => {
    const s = await seed(t());
    const fileBytes = 51 * MiB - generatedFileOverhead('big.txt');
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/v1${filesPath(s.chatbotId)}`,
      headers: { authorization: `Bearer ${s.token}`, ...multipartHeaders(51 * MiB) },
      payload: generatedUpload(fileBytes),
    });
    assert.equal(res.statusCode, 400, 'not 413: the request is within 51 MiB; its file part is over 50 MiB');
    assert.equal(JSON.parse(res.body).error.details[0].field, 'body.file');
  });

  it('keys an upload on its file, name and title: the same upload replays (one source, one stored file); another file, name or title is 422 and keeps nothing', async () => {
    const s = await seed(t());
    const key = { 'idempotency-key': 'upload-1' };
    const file = {
      name: 'file',
      filename: 'notes.txt',
      contentType: 'text/plain',
      value: 'Opening hours are nine to five.',
    };
    const title = { name: 'title', value: 'Notes' };
    const sourceIds = async () =>
      (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token })).body.data.sources.map(
        (source: { id: string }) => source.id,
      );

    const first = await upload(t(), s.token, s.chatbotId, [file, title], key);
    assert.equal(first.status, 201, first.text);
    const stored = readdirSync(uploadsDir()).sort();

    // The same parts in another order, under another multipart boundary: the same request.
    const boundary = 'anotherBoundary4f2a';
    const reordered = Buffer.from(
      multipartBody([title, file]).toString('latin1').replaceAll(BOUNDARY, boundary),
      'latin1',
    );
    const again = await t().api('POST', filesPath(s.chatbotId), {
      token: s.token,
      body: reordered,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...key },
    });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers['original-request'], first.body.meta.requestId);
    assert.deepEqual(again.body.data, first.body.data);

    const changedFile: FormPart[] = [{ ...file, value: 'Opening hours are nine to six.' }, title];
    const others: [string, FormPart[]][] = [
      ['another file', changedFile],
      ['another file name', [{ ...file, filename: 'hours.txt' }, title]],
      ['another title', [file, { ...title, value: 'Hours' }]],
      ['no title', [file]],
    ];
    for (const [what, parts] of others) {
      const res = await upload(t(), s.token, s.chatbotId, parts, key);
      assert.equal(res.status, 422, `${what}: ${res.text}`);
      assert.equal(res.body.error.code, 'idempotency_key_reused');
    }
    assert.deepEqual(await sourceIds(), [first.body.data.source.id], 'no source was added');
    assert.deepEqual(
      readdirSync(uploadsDir()).sort(),
      stored,
      'the repeats left no file behind, whole or partial',
    );

    // The changed file goes in under a key of its own.
    const changed = await upload(t(), s.token, s.chatbotId, changedFile, { 'idempotency-key': 'upload-2' });
    assert.equal(changed.status, 201, changed.text);
    assert.equal((await sourceIds()).length, 2);
  });

  it('an upload refused before its body is read does not use its key; an answered key replays even once uploads are refused', async () => {
    const s = await seed(t());
    const file = { name: 'file', filename: 'a.txt', value: 'Some text.' };
    const setSubscription = (status: 'active' | 'inactive') =>
      t()
        .db.updateTable('accounts')
        .set({ subscription_status: status })
        .where('id', '=', s.accountId)
        .execute();

    await setSubscription('inactive');
    const refused = await upload(t(), s.token, s.chatbotId, [file], { 'idempotency-key': 'refused-first' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'subscription_inactive');
    await setSubscription('active');
    const accepted = await upload(t(), s.token, s.chatbotId, [file], { 'idempotency-key': 'refused-first' });
    assert.equal(accepted.status, 201, 'the key was given back: the request runs');
    assert.equal(accepted.headers['idempotent-replayed'], undefined);

    await setSubscription('inactive');
    const replay = await upload(t(), s.token, s.chatbotId, [file], { 'idempotency-key': 'refused-first' });
    assert.equal(replay.status, 201, replay.text);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body.data.source.id, accepted.body.data.source.id);
    await setSubscription('active');
  });

  it('keys a 50 MiB upload on all of its bytes: the same file replays, one differing in its last byte is 422; nothing is stored twice', async () => {
    const s = await seed(t());
    const fileBytes = 50 * MiB;
    const send = (ending: string) =>
      t().app.inject({
        method: 'POST',
        url: `/api/v1${filesPath(s.chatbotId)}`,
        headers: {
          authorization: `Bearer ${s.token}`,
          'idempotency-key': 'big-1',
          ...multipartHeaders(fileBytes + generatedFileOverhead('big.txt')),
        },
        payload: generatedUpload(fileBytes, 'big.txt', ending),
      });
    const first = await send('');
    assert.equal(first.statusCode, 201, first.body);
    const id = JSON.parse(first.body).data.source.id;
    const stored = readdirSync(uploadsDir()).sort();
    assert.equal(stored.filter((name) => name.startsWith(id)).length, 1);

    // Every file the repeats create in the uploads folder, even one removed again: they are only hashed.
    const created = new Set<string>();
    let sawMarker!: () => void;
    const markerSeen = new Promise<void>((resolve) => (sawMarker = resolve));
    const watcher = watch(uploadsDir(), (_event, name) => {
      if (name === 'marker') sawMarker();
      else if (name) created.add(String(name));
    });
    try {
      const again = await send('');
      assert.equal(again.statusCode, 201, again.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(JSON.parse(again.body).data.source.id, id);

      const lastByteChanged = await send('!');
      assert.equal(lastByteChanged.statusCode, 422, lastByteChanged.body);
      assert.equal(JSON.parse(lastByteChanged.body).error.code, 'idempotency_key_reused');
      // Events arrive in order: once the marker's is seen, those of the requests before it have been too.
      writeFileSync(join(uploadsDir(), 'marker'), '');
      await markerSeen;
    } finally {
      watcher.close();
      rmSync(join(uploadsDir(), 'marker'), { force: true });
    }
    assert.deepEqual([...created], [], 'the repeats wrote no file, not even for a moment');
    assert.deepEqual(readdirSync(uploadsDir()).sort(), stored, 'the repeats stored nothing');
    const sources = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.deepEqual(
      sources.body.data.sources.map((source: { id: string }) => source.id),
      [id],
    );
    assert.equal(
      (await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${id}`, { token: s.token })).status,
      200,
    );
  });
});
