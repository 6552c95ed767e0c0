/** The shape of one API call: method, path, who may call it, and the schemas of what crosses. */
import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Data extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  /** Express-style path; `:name` segments come from `params`. */
  path: string;
  /** false: callable without a token (the login whitelist's calls). */
  auth: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  data: Data;
  /** Requires an `Idempotency-Key` header: a retry returns the first result. */
  idempotent?: boolean;
  /** multipart/form-data upload rather than JSON. */
  multipart?: boolean;
  /** Success answers the raw bytes (with their Content-Type), not an envelope; errors still do. */
  binary?: boolean;
}

export const endpoint = <
  P extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
  D extends z.ZodMiniType = z.ZodMiniType,
>(
  e: Endpoint<P, Q, B, D>,
) => e;

type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
export type ParamsOf<E> = E extends Endpoint<infer P, infer _Q, infer _B, infer _D> ? InputOf<P> : never;
export type QueryOf<E> = E extends Endpoint<infer _P, infer Q, infer _B, infer _D> ? InputOf<Q> : never;
export type BodyOf<E> = E extends Endpoint<infer _P, infer _Q, infer B, infer _D> ? InputOf<B> : never;
export type DataOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer D> ? z.output<D> : never;

/** Fills `:name` segments, encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
