// Every command prints exactly one JSON object with --json, a readable line without it, and fails with
// one line on stderr and a non-zero exit.
export interface Output {
  json: boolean;
}

export function print(output: Output, value: Record<string, unknown>, line: string): void {
  process.stdout.write(output.json ? `${JSON.stringify(value)}\n` : `${line}\n`);
}

export function fail(message: string): never {
  process.stderr.write(`chatbot-ops: ${message.split('\n')[0]}\n`);
  process.exit(1);
}
