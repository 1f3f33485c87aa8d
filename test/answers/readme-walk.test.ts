// The README's walk from knowledge to an answer, run as written: the text source of its step 1 and the
// question of its step 2, read from the README itself, so that the example a reader tries is the one tested.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addKnowledge, start } from '../conversations/support.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const knowledge = /-d '(\{"title": [^']*\})'\s*\\\s*\n\s*\$API\/chatbots\/\$C\/knowledge\/text/.exec(readme);
const question = /-d '(\{"message": [^']*\})' \$API\/chatbots\/\$C\/conversations\n/.exec(readme);

describeEachDialect('answers: the README walk', (t) => {
  it("answers the README's question from the README's knowledge", async () => {
    assert.ok(knowledge && question, 'the README still holds the walk');
    const source = JSON.parse(knowledge[1]!) as { title: string; text: string };
    const { message } = JSON.parse(question[1]!) as { message: string };
    assert.equal(message, 'How fast do you ship?');
    const s = await seed(t());
    await addKnowledge(t(), s, source.title, source.text);
    const data = await start(t(), s, message);
    assert.equal(data.messages[1].text, 'According to "Shipping": We ship within two working days.');
  });
});
