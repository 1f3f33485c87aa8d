// Nothing is lost before answering: a web page's table and list named like chrome, a Word price table and
// a PDF plans table reach the stored text row by row, each row with its column headings, and a question
// through the API is answered with the row that holds the answer.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { start } from '../conversations/support.js';
import { PLANS, positionedPdf, priceListDocx, tableRuns } from './processing/helpers.js';
import { testSiteForThisFile } from './site.js';
import { closeRuntime, getSource, runJobs, upload } from './support.js';

const site = testSiteForThisFile();

/** Uploads a CSV file, processes it, and gives the new source's id. */
async function csvSource(t: TestApp, s: Seeded, filename: string, csv: string): Promise<string> {
  const res = await upload(t, s.token, s.chatbotId, [
    { name: 'file', filename, contentType: 'text/csv', value: Buffer.from(csv) },
  ]);
  assert.equal(res.status, 201, res.text);
  await runJobs(t);
  return res.body.data.source.id as string;
}

/** How many passages the source was cut into, and their texts. */
const chunksOf = (t: TestApp, sourceId: string) =>
  t.deps.db.selectFrom('knowledge_chunks').select('text').where('source_id', '=', sourceId).execute();

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describeEachDialect(
  'knowledge: tables and lists reach the answers',
  (t) => {
    after(() => closeRuntime(t()));

    it('keeps a web page’s table.extras and div.related-products, and drops its related links and comments', async () => {
      const s = await seed(t());
      const res = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
        token: s.token,
        body: { url: `${site().url}/prices` },
      });
      assert.equal(res.status, 201, res.text);
      await runJobs(t());
      const source = await getSource(t(), s.token, s.chatbotId, res.body.data.source.id, true);
      assert.equal(source.status, 'ready', source.error);
      assert.match(
        source.text,
        /- Add-on: Teeth brushing; Price: €8\n- Add-on: Flea treatment bath; Price: €15/,
      );
      assert.match(source.text, /## Care products\n\n- Coat shampoo: €12\n- Paw balm: €9/);
      for (const marker of [
        'cookiemarker',
        'navigationmarker',
        'relatedmarker',
        'commentmarker',
        'sidebarmarker',
        'footermarker',
      ]) {
        assert.doesNotMatch(source.text, new RegExp(marker), marker);
      }
      const answer = await start(t(), s, 'How much is a flea treatment bath?');
      assert.match(answer.messages[1].text, /Flea treatment bath.*€15/);
    });

    it('stores a Word table and a PDF table row by row with their column headings, and answers from the row', async () => {
      const s = await seed(t());
      const docx = await upload(t(), s.token, s.chatbotId, [
        {
          name: 'file',
          filename: 'dental-prices.docx',
          contentType: DOCX_TYPE,
          value: await priceListDocx(),
        },
      ]);
      assert.equal(docx.status, 201, docx.text);
      const pdfBytes = await positionedPdf([
        ['Plans', 50, 780, true],
        ['Every plan includes unlimited projects and email support.', 50, 750],
        ...tableRuns(PLANS, [50, 200, 380], 720),
      ]);
      const pdf = await upload(t(), s.token, s.chatbotId, [
        { name: 'file', filename: 'plans.pdf', contentType: 'application/pdf', value: Buffer.from(pdfBytes) },
      ]);
      assert.equal(pdf.status, 201, pdf.text);
      await runJobs(t());

      const word = await getSource(t(), s.token, s.chatbotId, docx.body.data.source.id, true);
      assert.equal(word.status, 'ready', word.error);
      assert.match(word.text, /^- Treatment: Root canal; Duration: 90 min; Price: €450$/m);
      assert.match(word.text, /^- Day: Friday; Hours: 8:00 – 13:00$/m);
      const plans = await getSource(t(), s.token, s.chatbotId, pdf.body.data.source.id, true);
      assert.equal(plans.status, 'ready', plans.error);
      assert.match(plans.text, /^- Plan: Team; Price per month: €29; Users: up to 10$/m);

      const rootCanal = await start(t(), s, 'How much does a root canal cost?');
      assert.match(rootCanal.messages[1].text, /Root canal; Duration: 90 min; Price: €450/);
      const team = await start(t(), s, 'What is the price per month of the Team plan?');
      assert.match(team.messages[1].text, /Team; Price per month: €29/);
    });

    it('writes a CSV column’s unit with its numbers, reads "earliest" by the clock and "longest" by the duration', async () => {
      const s = await seed(t());
      const csv = [
        'code,class_name,weekday,start_time,duration_min,price_eur,weight (g),notes',
        'Y1,Yin Yoga,Saturday,10:30,75,16,,Long holds',
        'Y2,Power Yoga,Saturday,9:15,45,14,,',
        'Y3,Hatha Yoga,Saturday,18:00,90,15,,',
        'Y4,Morning Flow,Monday,7:00,60,12,,',
        'M1,Cork block,,,,on request,210,',
      ].join('\n');
      const id = await csvSource(t(), s, 'timetable.csv', csv);
      const source = await getSource(t(), s.token, s.chatbotId, id, true);
      assert.equal(source.status, 'ready', source.error);
      assert.match(
        source.text,
        /code: Y1; class name: Yin Yoga; weekday: Saturday; start time: 10:30; duration: 75 min; price: €16; notes: Long holds/,
      );
      // A value that is not a number keeps the unit in the column's name.
      assert.match(source.text, /code: M1; class name: Cork block; price eur: on request; weight: 210 g/);

      const yin = await start(t(), s, 'how much is the yin yoga class?');
      assert.match(yin.messages[1].text, /Yin Yoga.*price: €16/);
      const earliest = await start(t(), s, 'earliest class on saturday?');
      assert.match(earliest.messages[1].text, /class name: Power Yoga; weekday: Saturday; start time: 9:15/);
      const longest = await start(t(), s, 'whats the longest class?');
      assert.match(longest.messages[1].text, /class name: Hatha Yoga; .*duration: 90 min/);
    });

    it('answers with every row that matches as well, even when the table was cut into several passages', async () => {
      const s = await seed(t());
      const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
      const rows = Array.from({ length: 40 }, (_, i) => {
        const day = i % 13 === 6 ? 'Saturday' : days[i % days.length];
        return `C${i},Course number ${i},${day},${8 + (i % 10)}:00,60,${10 + (i % 7)},A class with a long description so that the table needs several passages`;
      });
      const csv = ['code,course_name,weekday,start_time,duration_min,price_eur,notes', ...rows].join('\n');
      const id = await csvSource(t(), s, 'courses.csv', csv);
      const saturday = ['C6', 'C19', 'C32'];
      const chunks = await chunksOf(t(), id);
      // The rows asked for are in different passages.
      const holding = chunks.filter((chunk) =>
        saturday.some((code) => chunk.text.includes(`code: ${code};`)),
      );
      assert.ok(holding.length >= 2, `${holding.length} passages hold the Saturday rows`);

      const answer = (await start(t(), s, 'any courses on saturday?')).messages[1].text as string;
      for (const code of saturday) assert.match(answer, new RegExp(`code: ${code}; `), answer);
      assert.doesNotMatch(answer, /weekday: (?:Monday|Tuesday|Wednesday|Thursday|Friday)/);
    });

    it('reads a superlative over every row of a long table, not only the passages the question found', async () => {
      const s = await seed(t());
      // 300 courses; the cheapest is the last row, far from the passages "course" finds first.
      const rows = Array.from(
        { length: 300 },
        (_, i) =>
          `K${i},Course number ${i},${i === 299 ? 9 : 40 + (i % 50)},A course with a description long enough to fill passages`,
      );
      const csv = ['code,course_name,price_eur,notes', ...rows].join('\n');
      const chunks = await chunksOf(t(), await csvSource(t(), s, 'courses.csv', csv));
      assert.ok(chunks.length > 20, `${chunks.length} passages`);
      const answer = (await start(t(), s, 'cheapest course?')).messages[1].text as string;
      assert.match(answer, /code: K299; course name: Course number 299; price: €9;/);
    });
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } },
);
