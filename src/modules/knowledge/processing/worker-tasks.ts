// The worker-thread side of worker-pool.ts: wraps a task function as the thread module's default export
// (what piscina calls), answering with the result or the failure as plain data. Failures keep the
// ExtractionError code and reason (they end up in a source's `error`); anything else becomes a generic
// reason, so no internals cross over. (An Error thrown across threads would lose its code and reason.)
import { ExtractionError, type ExtractionErrorCode } from './errors.js';

export type TaskResult<R> = { ok: true; value: R } | { ok: false; code: ExtractionErrorCode; reason: string };

export function taskHandler<T, R>(handle: (task: T) => Promise<R> | R): (task: T) => Promise<TaskResult<R>> {
  return async (task) => {
    try {
      return { ok: true, value: await handle(task) };
    } catch (error) {
      return error instanceof ExtractionError
        ? { ok: false, code: error.code, reason: error.reason }
        : { ok: false, code: 'unreadable', reason: 'the content could not be read' };
    }
  };
}
