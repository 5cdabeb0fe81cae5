import type { Context } from 'koa';
import { z } from 'zod';

/** Opaque keyset cursor: the base64url of the last id of the previous page. */
export const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

/** The `cursor` query parameter: a `next_cursor` of a previous page, decoded back to an id that `isId` accepts. */
export const keysetCursor = (isId: (id: string) => boolean, maxLength = 64) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,${maxLength}}$`), 'expected a next_cursor from a previous page')
    .transform((s) => Buffer.from(s, 'base64url').toString('utf8'))
    .refine(isId, 'expected a next_cursor from a previous page')
    .meta({ description: 'The `next_cursor` of the previous page.' });

export const PageLimit = z
  .string()
  .regex(/^\d{1,3}$/, 'expected an integer from 1 to 100')
  .transform(Number)
  .pipe(z.number().int().min(1).max(100))
  .default(25)
  .meta({
    description: 'Page size, 1–100 (default 25).',
    // A query string is text; documented as the integer it must spell, with its bounds.
    override: { type: 'integer', minimum: 1, maximum: 100, default: 25, example: 25, pattern: undefined },
  });

/**
 * One page of a keyset listing, newest first, from `rows` read with `limit + 1` (the extra row says there is more):
 * the `{ data, has_more, next_cursor }` answer and, when there is a next page, its `Link: <…>; rel="next"`.
 */
export function keysetPage<R, V>(
  ctx: Context,
  publicBaseUrl: string,
  rows: R[],
  limit: number,
  idOf: (row: R) => string,
  view: (row: R) => V,
): { headers: Record<string, string>; body: { data: V[]; has_more: boolean; next_cursor: string | null } } {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const nextCursor = hasMore ? encodeCursor(idOf(page[page.length - 1])) : null;
  const headers: Record<string, string> = {};
  if (nextCursor) {
    const next = new URLSearchParams(ctx.querystring);
    next.set('cursor', nextCursor);
    headers.Link = `<${publicBaseUrl}${ctx.path}?${next}>; rel="next"`;
  }
  return { headers, body: { data: page.map(view), has_more: hasMore, next_cursor: nextCursor } };
}
