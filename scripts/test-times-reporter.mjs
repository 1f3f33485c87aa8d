// A test reporter (node --test-reporter) that writes one line per top-level test: its duration in milliseconds,
// its outcome, its file and its name. Used by run-tests.mjs when TEST_TIMES_FILE is set.
export default async function* testTimes(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      const outcome = event.type === 'test:fail' ? 'fail' : 'pass';
      yield `${Math.round(event.data.details.duration_ms)}\t${outcome}\t${event.data.file}\t${event.data.name}\n`;
    }
  }
}
