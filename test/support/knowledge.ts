// A text source added through the knowledge API and processed until it is ready: the knowledge the
// browser tests' chatbots answer from.
import assert from 'node:assert/strict';
import { startWorkers } from '../../src/workers.js';
import type { TestApp } from './app.js';

/** The Harbour Bikes shop's opening hours and rental price, as the browser tests' chatbots know them. */
export const OPENING_HOURS = {
  title: 'Opening hours and rentals',
  text: 'Harbour Bikes is open Monday to Saturday from 9:00 to 18:00 and closed on Sundays.\n\nA city bike rental costs 25 euros per day, helmet and lock included.',
};

/** Adds a text source and runs the job worker until it is ready (fails the test if it fails or never is). */
export async function addReadyTextSource(
  t: TestApp,
  chatbotId: string,
  token: string,
  source: { title: string; text: string },
): Promise<void> {
  const res = await t.api('POST', `/chatbots/${chatbotId}/knowledge/text`, { token, body: source });
  assert.equal(res.status, 201, res.text);
  const sourceId = res.body.data.source.id;
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    for (let i = 0; i < 50; i++) {
      await workers.jobs.drain();
      const read = await t.api('GET', `/chatbots/${chatbotId}/knowledge/${sourceId}`, { token });
      if (read.body.data.source.status === 'ready') return;
      assert.notEqual(read.body.data.source.status, 'failed', JSON.stringify(read.body));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail('the text source did not become ready');
  } finally {
    await workers.stop();
  }
}
