/**
 * Why reading a file or page failed. `reason` is written for people: the pipeline copies it into the
 * knowledge source's `error` field as it is, so it must not leak paths or stack traces.
 */
export type ExtractionErrorCode =
  | 'unreadable' // damaged or unparsable content
  | 'too_large' // size, page or pixel limits
  | 'decompression_limit' // a ZIP (DOCX) that inflates too far: zip bomb protection
  | 'encrypted' // password-protected document
  | 'ocr_failed'
  | 'aborted';

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  readonly code: ExtractionErrorCode;
  readonly reason: string;

  constructor(code: ExtractionErrorCode, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.code = code;
    this.reason = reason;
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExtractionError('aborted', 'processing was cancelled');
}

export const MiB = 1024 * 1024;
