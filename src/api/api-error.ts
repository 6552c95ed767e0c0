/** The one error type of the API layer: every failed call rejects with it. */
/** A failed call. `code` is the envelope code, else the HTTP status, else a SPEC §8 client code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  /** The server's own message, untranslated; undefined when it sent none. */
  readonly msg: string | undefined;
  /** HTTP status when a response arrived. */
  readonly status: number | undefined;
  /** Facts the server sent with the error (contract/errors.ts: WrongAnswerData), unchecked. */
  data: unknown;

  constructor(code: number, msg: string | undefined, status: number | undefined, detail?: string, options?: ErrorOptions) {
    super(detail ?? msg ?? `API error ${code}`, options);
    this.code = code;
    this.msg = msg;
    this.status = status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
