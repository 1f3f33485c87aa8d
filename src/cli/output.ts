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

/** Said beside a link the CLI prints when PUBLIC_URL is not set. */
export const PUBLIC_URL_NOTE = (base: string): string =>
  `PUBLIC_URL is not set, so this link assumes the service is reached at ${base} (this environment's HOST and PORT); set PUBLIC_URL to the address people open the service at for a link that works elsewhere`;
