// The fields of a contract's schema, found by walking it (through wrappers, pipes, unions, arrays and
// nested objects): the route-wide tests use them so that a new route is covered by itself.
import type { z } from '@beach/contracts';

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** Paths (as key lists) of the fields `wanted` picks; an array's element is at index '0'. */
export function fieldPaths(schema: z.ZodType | undefined, wanted: (key: string, field: z.ZodType) => boolean, at: string[] = []): string[][] {
  if (!schema) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, field]) => [...(wanted(key, field as z.ZodType) ? [[...at, key]] : []), ...fieldPaths(field as z.ZodType, wanted, [...at, key])]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldPaths(def.innerType as z.ZodType, wanted, at);
    case 'array':
      return fieldPaths(def.element as z.ZodType, wanted, [...at, '0']);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => fieldPaths(option, wanted, at));
    case 'pipe':
      return [...fieldPaths(def.in as z.ZodType, wanted, at), ...fieldPaths(def.out as z.ZodType, wanted, at)];
    default:
      return [];
  }
}

/** fieldPaths, each path once. */
export const uniqueFieldPaths = (...args: Parameters<typeof fieldPaths>) => [...new Map(fieldPaths(...args).map((path) => [path.join('.'), path])).values()];

/** A field that takes free text: a string, optional, nullable or with a default (not an enum, a number, a format such as a date). */
export function isText(field: z.ZodType): boolean {
  const def = defOf(field);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return isText(def.innerType as z.ZodType);
  if (def.type === 'pipe') return isText(def.in as z.ZodType);
  return def.type === 'string' && !def.format;
}

/** The value at that path, in objects (and arrays, for the index 0 of an array's element). */
export const nested = (path: string[], value: unknown): unknown => path.reduceRight<unknown>((inner, key) => (key === '0' ? [inner] : { [key]: inner }), value);

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly'];
/** The schema(s) a field's value is checked by, through its wrappers and both ends of a pipe. */
const coreOf = (field: z.ZodType): z.ZodType[] => {
  const def = defOf(field);
  if (WRAPPERS.includes(def.type)) return coreOf(def.innerType as z.ZodType);
  if (def.type === 'pipe') return [...coreOf(def.in as z.ZodType), ...coreOf(def.out as z.ZodType)];
  return [field];
};
const checksOf = (schema: z.ZodType) => ((defOf(schema).checks ?? []) as { _zod: { def: Record<string, unknown> } }[]).map((check) => check._zod.def);

/** A whole number: a number schema with an integer check (`.int()`), a JSON number or a text coerced to one. */
export const isInteger = (field: z.ZodType) =>
  coreOf(field).some((schema) => defOf(schema).type === 'number' && checksOf(schema).some((check) => check.check === 'number_format' && ['safeint', 'int32'].includes(check.format as string)));

/** A calendar date (YYYY-MM-DD), alone or at the end of a pipe. */
export const isDate = (field: z.ZodType) => coreOf(field).some((schema) => defOf(schema).type === 'string' && defOf(schema).format === 'date');
