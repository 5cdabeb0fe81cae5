import { z } from 'zod';
import { describeCharacter, forbiddenCharacter } from '../domain/plain-text';
import type { FieldError } from './errors';

/**
 * The request strings that may span lines (tab, line feed and carriage return allowed): a note for the chauffeur, a
 * comment, a bank file. Every other string of every request is one line. Each is listed by wrapping its schema in
 * `multiLine(…)`, which also tells the OpenAPI document (api/openapi.ts).
 */
export const multiLineText = z.registry();

export function multiLine<T extends z.ZodType>(schema: T): T {
  multiLineText.add(schema);
  return schema;
}

/** The parts of a zod definition that hold other schemas (zod 4's `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

/** An array's items and a record's values are `*` in a path. */
const ANY = '*';
/** A path as a set's key: `[]` (the whole value) and `['']` (a field named "") stay apart. */
const key = (path: string[]) => JSON.stringify(path);

/**
 * The fields of a request schema, as path keys (`["passenger","name"]`, `["items","*","comment"]`; `[]` for the whole
 * value): those it declares, those under which it takes anything (`unknown`), and its multi-line strings. A field it
 * does not declare is refused by a strict object or dropped by another, so its characters never matter.
 */
export interface TextFields {
  declared: ReadonlySet<string>;
  open: ReadonlySet<string>;
  multiLine: ReadonlySet<string>;
}

function collect(schema: z.ZodType, path: string[], into: { declared: Set<string>; open: Set<string>; multiLine: Set<string> }): void {
  const at = key(path);
  into.declared.add(at);
  if (multiLineText.has(schema)) into.multiLine.add(at);
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'unknown' || def.type === 'any') into.open.add(at);
  const inner = (s: z.ZodType | undefined, where = path) => s && collect(s, where, into);
  if (def.shape) for (const [key, value] of Object.entries(def.shape)) inner(value, [...path, key]);
  if (def.catchall && def.catchall._zod.def.type !== 'never') inner(def.catchall, [...path, ANY]);
  inner(def.element, [...path, ANY]);
  inner(def.valueType, [...path, ANY]);
  for (const option of def.options ?? []) inner(option);
  for (const wrapped of [def.innerType, def.in, def.out, def.left, def.right]) inner(wrapped);
}

export function textFields(schema: z.ZodType | undefined): TextFields {
  const fields = { declared: new Set<string>(), open: new Set<string>(), multiLine: new Set<string>() };
  if (schema) collect(schema, [], fields);
  return fields;
}

/** The dotted paths (`notes`; `` for the whole value) of the multi-line strings of a request schema. */
export const multiLinePaths = (schema: z.ZodType | undefined): string[] =>
  [...textFields(schema).multiLine].map((at) => (JSON.parse(at) as string[]).join('.'));

/** Whether a value at `pattern` reaches the operation: a declared field, or anything under an `unknown` one. */
function reaches(fields: TextFields, pattern: string[]): boolean {
  if (fields.declared.has(key(pattern))) return true;
  return pattern.some((_, i) => fields.open.has(key(pattern.slice(0, i))));
}

/**
 * Every string of a request's body, query, path or headers that holds a character text may not hold
 * (domain/plain-text.ts), as the problem's field errors: `param` is the body field's dotted path (`passenger.name`),
 * `query.<name>`, `path.<name>`, or the header's name.
 */
export function forbiddenCharacterErrors(value: unknown, where: 'body' | 'query' | 'path' | 'header', fields: TextFields): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (node: unknown, path: string[], pattern: string[]) => {
    if (!reaches(fields, pattern)) return;
    if (typeof node === 'string') {
      const multi = fields.multiLine.has(key(pattern));
      const found = forbiddenCharacter(node, multi);
      if (found === null) return;
      const prefix = where === 'query' || where === 'path' ? [where] : [];
      const lineBreak = !multi && forbiddenCharacter(node, true) === null;
      errors.push({
        param: [...prefix, ...path].join('.') || 'body',
        code: 'forbidden_character',
        detail: lineBreak
          ? `Contains ${describeCharacter(found)}: this field is one line, without tabs or line breaks.`
          : `Contains ${describeCharacter(found)}: text may hold no control character, unpaired surrogate or noncharacter.`,
      });
    } else if (Array.isArray(node)) {
      // A repeated query parameter is one field, as zod names it: its first wrong value speaks for it.
      if (where === 'query')
        visit(
          node.find((item) => typeof item === 'string' && forbiddenCharacter(item) !== null),
          path,
          pattern,
        );
      else node.forEach((item, i) => visit(item, [...path, String(i)], [...pattern, ANY]));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) visit(item, [...path, key], [...pattern, key]);
    }
  };
  visit(value, [], []);
  return errors;
}
