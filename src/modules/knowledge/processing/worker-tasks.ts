// The worker-thread side of worker-pool.ts: answers each task message with its result or its failure.
// Failures keep the ExtractionError code and reason (they end up in a source's `error`); anything else
// becomes a generic reason, so no internals cross over.
import { parentPort } from 'node:worker_threads';
import { ExtractionError, type ExtractionErrorCode } from './errors.js';

export interface TaskMessage<T> {
  id: number;
  task: T;
}

export type ResultMessage<R> = { id: number; ok: true; value: R } | { id: number; ok: false; code: ExtractionErrorCode; reason: string };

export function serveTasks<T, R>(handle: (task: T) => Promise<R> | R): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', async ({ id, task }: TaskMessage<T>) => {
    let message: ResultMessage<R>;
    try {
      message = { id, ok: true, value: await handle(task) };
    } catch (error) {
      message =
        error instanceof ExtractionError
          ? { id, ok: false, code: error.code, reason: error.reason }
          : { id, ok: false, code: 'unreadable', reason: 'the content could not be read' };
    }
    port.postMessage(message);
  });
}
